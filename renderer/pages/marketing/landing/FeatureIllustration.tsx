import type { ProductTab } from './products';

/**
 * Drawings of the platform's features Launchpad cannot record (issue 44): its showcase shows a
 * recording only of the screen a tab names, and otherwise one of these, labelled as an
 * illustration. Inline SVG: nothing to download, sharp at any size; the motion (CSS, landing.css)
 * stops for visitors who prefer reduced motion.
 */
export type IllustratedTab = Extract<ProductTab, 'models' | 'rag' | 'vision' | 'evals' | 'gpu'>;

const captions: Record<IllustratedTab, string> = {
  models: 'Illustration: open models served on your GPUs behind one API',
  rag: 'Illustration: an answer retrieved from your documents, with its citations',
  vision: 'Illustration: a vision agent reading a scanned form into fields',
  evals: 'Illustration: an agent’s evaluation suite passing before release',
  gpu: 'Illustration: jobs scheduled across GPU runners by memory',
};

const box = { rx: 8, className: 'ill-box' } as const;

function Models() {
  return (
    <>
      <rect x="40" y="40" width="160" height="60" {...box} />
      <text x="120" y="76" className="ill-label">
        One API
      </text>
      {['llama-3.1-8b', 'qwen2.5-vl', 'nomic-embed'].map((m, i) => (
        <g key={m}>
          <path d={`M200 70 C 260 70, 260 ${60 + i * 110}, 320 ${60 + i * 110}`} className="ill-line" />
          <circle r="5" className="ill-dot" style={{ animationDelay: `${i * 0.6}s`, offsetPath: `path('M200 70 C 260 70, 260 ${60 + i * 110}, 320 ${60 + i * 110}')` }} />
          <rect x="320" y={30 + i * 110} width="240" height="60" {...box} />
          <text x="440" y={66 + i * 110} className="ill-label">
            {m}
          </text>
          <rect x="580" y={30 + i * 110} width="150" height="60" {...box} className="ill-box ill-gpu" />
          <text x="655" y={66 + i * 110} className="ill-label">
            GPU {i + 1}
          </text>
        </g>
      ))}
    </>
  );
}

function Rag() {
  return (
    <>
      {['policy.pdf', 'wiki/onboarding', 'contracts.db'].map((d, i) => (
        <g key={d}>
          <rect x="30" y={30 + i * 90} width="170" height="60" {...box} />
          <text x="115" y={66 + i * 90} className="ill-label">
            {d}
          </text>
          <path d={`M200 ${60 + i * 90} L290 150`} className="ill-line" />
        </g>
      ))}
      <rect x="290" y="110" width="150" height="80" {...box} className="ill-box ill-store" />
      <text x="365" y="155" className="ill-label">
        Vector index
      </text>
      <path d="M440 150 L500 150" className="ill-line" />
      <rect x="500" y="40" width="250" height="220" {...box} />
      <text x="520" y="80" className="ill-text">
        Answer: notice is 30 days
      </text>
      <text x="520" y="110" className="ill-text">
        for a change of terms.
      </text>
      <rect x="520" y="150" width="90" height="30" rx="6" className="ill-cite" />
      <text x="565" y="170" className="ill-label ill-small">
        [1] policy.pdf
      </text>
      <rect x="520" y="195" width="120" height="30" rx="6" className="ill-cite" style={{ animationDelay: '0.8s' }} />
      <text x="580" y="215" className="ill-label ill-small">
        [2] contracts.db
      </text>
    </>
  );
}

function Vision() {
  return (
    <>
      <rect x="60" y="30" width="240" height="300" {...box} />
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <path key={i} d={`M85 ${80 + i * 40} q 40 -12 80 0 t 90 0`} className="ill-ink" />
      ))}
      <rect x="60" y="30" width="240" height="8" className="ill-scan" />
      <path d="M300 180 L380 180" className="ill-line" />
      <rect x="380" y="60" width="360" height="240" {...box} />
      {[
        ['Name', 'J. Smith'],
        ['Date', '2024-03-14'],
        ['Total', '1,240.00'],
        ['Signed', 'yes (confidence 0.97)'],
      ].map(([k, v], i) => (
        <text key={k} x="400" y={105 + i * 50} className="ill-text ill-field" style={{ animationDelay: `${i * 0.5}s` }}>
          {k}: {v}
        </text>
      ))}
    </>
  );
}

function Evals() {
  const cases = ['Cites the right policy', 'Refuses personal data', 'Answers in under 3 s', 'Uses the CRM tool', 'Summary under 100 words'];
  return (
    <>
      <rect x="60" y="30" width="680" height="300" {...box} />
      <text x="90" y="70" className="ill-text">
        support-agent · suite of {cases.length} · model qwen2.5
      </text>
      {cases.map((c, i) => (
        <g key={c} className="ill-case" style={{ animationDelay: `${i * 0.4}s` }}>
          <circle cx="100" cy={108 + i * 40} r="10" className="ill-pass" />
          <path d={`M95 ${108 + i * 40} l4 4 l7 -8`} className="ill-tick" />
          <text x="125" y={113 + i * 40} className="ill-text">
            {c}
          </text>
        </g>
      ))}
      <text x="700" y="310" className="ill-text ill-end">
        {cases.length}/{cases.length} passed
      </text>
    </>
  );
}

function Gpu() {
  const runners = [
    { name: 'runner-a · 80 GB', jobs: [40, 24, 12] },
    { name: 'runner-b · 48 GB', jobs: [30, 14] },
    { name: 'runner-c · 24 GB', jobs: [16] },
  ];
  return (
    <>
      {runners.map((r, i) => {
        let x = 250;
        return (
          <g key={r.name}>
            <text x="40" y={75 + i * 100} className="ill-text">
              {r.name}
            </text>
            <rect x="250" y={45 + i * 100} width="480" height="50" {...box} />
            {r.jobs.map((gb, j) => {
              const w = gb * 6;
              const at = x;
              x += w;
              return <rect key={j} x={at + 2} y={49 + i * 100} width={w - 4} height="42" rx="5" className="ill-job" style={{ animationDelay: `${(i + j) * 0.5}s` }} />;
            })}
          </g>
        );
      })}
    </>
  );
}

const drawings: Record<IllustratedTab, () => React.JSX.Element> = { models: Models, rag: Rag, vision: Vision, evals: Evals, gpu: Gpu };

export function FeatureIllustration({ tab }: { tab: IllustratedTab }) {
  const Drawing = drawings[tab];
  return (
    <figure className="lp-showcase-video lp-illustration" data-testid={`showcase-illustration-${tab}`}>
      <svg viewBox="0 0 780 360" role="img" aria-label={captions[tab]}>
        <Drawing />
      </svg>
      <figcaption>{captions[tab]}</figcaption>
    </figure>
  );
}
