import { SupportChatButton } from './SupportChat';

const topics = [
  {
    title: 'Air-gapped',
    text: 'Mirror the images and models into your own registry, install from it with no internet access, and verify the license offline: keys are signed and checked without calling home.',
  },
  {
    title: 'Hybrid cloud',
    text: 'Keep the control plane and your data on-premises and burst GPU runners into a cloud account, connected with a runner token over an outbound-only link.',
  },
  {
    title: 'Security features',
    text: 'Single sign-on through your identity provider, role-based administrators, encrypted connections to external databases, and audit-friendly logs that stay inside your network.',
  },
];

/** Hybrid & Secure: informational (spec 2.10). */
export function HybridPanel() {
  return (
    <div className="sg-panel">
      <div className="sg-info-grid">
        {topics.map((t) => (
          <article key={t.title} className="card sg-info">
            <h3>{t.title}</h3>
            <p>{t.text}</p>
          </article>
        ))}
      </div>
      <SupportChatButton topic="Hybrid and secure" />
    </div>
  );
}
