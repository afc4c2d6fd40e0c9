import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { linkTo } from '../../routes/links';
import { PageTitle } from '../../shell/Page';
import { TitledSection } from '../../shell/TitledSection';
import { AgentIcon } from '../../shell/agents/agent-icons';
import { AgentGallery } from '../../shell/agents/AgentGallery';
import { startBoot } from '../../app/start-boot';
import { useBrand } from '../../app/use-brand';
import '../../shell/agents/agents.css';
import './agents-gallery/agents-gallery.css';

const benefits: { icon: string; title: string; text: string }[] = [
  { icon: 'lightning', title: 'Pre-configured and ready', text: 'Every agent ships with a tuned system prompt, a sensible model choice and the settings it needs. Import it and it works.' },
  { icon: 'shield', title: 'Enterprise security', text: 'Agents run inside your own installation, so prompts, documents and answers stay on infrastructure you control.' },
  { icon: 'gear', title: 'Fully customizable', text: 'Change the instructions, swap the model, connect your knowledge and tools. An imported agent is yours to shape.' },
  { icon: 'chart', title: 'Proven ROI', text: 'Start from agents built around measurable work: hours saved on reviews, faster triage and fewer escalations.' },
];

/** /agents-gallery (public-site 2.11): hero, the gallery with deploy buttons, benefits and How It Works. */
export default function AgentsGalleryPage() {
  const brand = useBrand();
  // The deploy buttons offer the visitor's own deployments: they need the session.
  useEffect(startBoot, []);
  const steps: { title: string; text: string }[] = [
    { title: 'Choose an agent', text: 'Browse the categories and pick the agent closest to the job you want done.' },
    { title: 'Deploy instantly', text: `Press Deploy and choose ${brand.name} Cloud, your local installation or one of your private deployments.` },
    { title: 'Start using', text: 'The agent opens in your installation, ready to chat with your team straight away.' },
    { title: 'Customize and scale', text: 'Adjust prompts, models and knowledge, then share the agent across your organization.' },
  ];

  return (
    <section className="page agents-marketing">
      <header className="agents-hero">
        <PageTitle>How to create AI agents that work for your business</PageTitle>
        <p className="page-lead">Skip the blank page. Pick a pre-built agent for your industry, deploy it to {brand.name} in one click and make it your own on your private stack.</p>
        <div className="agents-hero-actions">
          <a className="btn btn-primary" href="#gallery">
            Browse agents
          </a>
          <Link className="btn" to={linkTo('docs')}>
            Set up {brand.name} locally
          </Link>
        </div>
      </header>

      <div id="gallery" className="agents-marketing-gallery">
        <AgentGallery guideHref={linkTo('docs')} />
      </div>

      <TitledSection className="agents-benefits" titleId="agents-benefits-title" titleClassName="section-title" title="Why start from a gallery agent">
        <div className="benefit-tiles">
          {benefits.map((b) => (
            <div key={b.title} className="benefit-tile">
              <AgentIcon name={b.icon} size={24} />
              <h3>{b.title}</h3>
              <p className="muted">{b.text}</p>
            </div>
          ))}
        </div>
      </TitledSection>

      <TitledSection className="agents-steps" titleId="agents-steps-title" titleClassName="section-title" title="How It Works">
        <ol className="step-list">
          {steps.map((s, i) => (
            <li key={s.title} className="step">
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{s.title}</h3>
              <p className="muted">{s.text}</p>
            </li>
          ))}
        </ol>
      </TitledSection>
    </section>
  );
}
