import { Link } from 'react-router-dom';
import { linkTo } from '../../../routes/links';
import { Glyph, type GlyphName } from './glyphs';
import type { AgentType } from './industry';
import type { ProductTab } from './products';

interface Props {
  onAgent(agent: AgentType): void;
  onProduct(tab: ProductTab): void;
}

const agents: [AgentType, string, GlyphName][] = [
  ['research', 'Research', 'research'],
  ['support', 'Support', 'support'],
  ['coding', 'Coding', 'coding'],
  ['vision', 'Vision', 'vision'],
];
const platform: [ProductTab, string, GlyphName][] = [
  ['models', 'Models', 'models'],
  ['rag', 'RAG', 'rag'],
  ['evals', 'Evals', 'evals'],
  ['gpu', 'GPU', 'gpu'],
  ['auth', 'Auth', 'auth'],
];
const deployments: [string, GlyphName][] = [
  ['Local', 'local'],
  ['Cloud', 'cloud'],
  ['On-premises', 'onprem'],
  ['Hybrid', 'hybrid'],
];

interface LayerItem {
  key: string;
  label: string;
  glyph: GlyphName;
  to: string;
  testId?: string;
  onClick?: () => void;
}

function Layer({ title, items }: { title: string; items: LayerItem[] }) {
  return (
    <div className="lp-arch-layer">
      <h3>{title}</h3>
      <ul className="lp-arch-icons">
        {items.map((i) => (
          <li key={i.key}>
            <Link to={i.to} className="lp-arch-icon" data-testid={i.testId} onClick={i.onClick}>
              <Glyph name={i.glyph} />
              <span>{i.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The stack in three layers (public-site 2.5 item 2). Agent icons open that agent's demo below the
 * use cases, platform icons select the product tab, deployment icons go to the deployment page.
 */
export function Architecture({ onAgent, onProduct }: Props) {
  const demoLink = linkTo('landing', undefined, { hash: 'agent-demo' });
  const showcaseLink = linkTo('landing', undefined, { hash: 'product-showcase' });
  return (
    <section className="lp-section lp-arch" aria-labelledby="arch-title">
      <h2 id="arch-title" className="lp-section-title">
        One private stack, from GPU to agent
      </h2>
      <p className="lp-section-lead">Every layer runs where you decide. Pick a layer to see it in action.</p>
      <div className="lp-arch-layers">
        <Layer title="Agents" items={agents.map(([agent, label, glyph]) => ({ key: agent, label, glyph, to: demoLink, testId: `arch-agent-${agent}`, onClick: () => onAgent(agent) }))} />
        <Layer title="Platform" items={platform.map(([tab, label, glyph]) => ({ key: tab, label, glyph, to: showcaseLink, testId: `arch-product-${tab}`, onClick: () => onProduct(tab) }))} />
        <Layer title="Deployment" items={deployments.map(([label, glyph]) => ({ key: label, label, glyph, to: linkTo('deployment') }))} />
      </div>
    </section>
  );
}
