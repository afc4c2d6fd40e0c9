import { Link } from 'react-router-dom';
import { linkTo } from '../../../routes/resolve';
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
        <div className="lp-arch-layer">
          <h3>Agents</h3>
          <ul className="lp-arch-icons">
            {agents.map(([agent, label, glyph]) => (
              <li key={agent}>
                <Link to={demoLink} className="lp-arch-icon" data-testid={`arch-agent-${agent}`} onClick={() => onAgent(agent)}>
                  <Glyph name={glyph} />
                  <span>{label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div className="lp-arch-layer">
          <h3>Platform</h3>
          <ul className="lp-arch-icons">
            {platform.map(([tab, label, glyph]) => (
              <li key={tab}>
                <Link to={showcaseLink} className="lp-arch-icon" data-testid={`arch-product-${tab}`} onClick={() => onProduct(tab)}>
                  <Glyph name={glyph} />
                  <span>{label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div className="lp-arch-layer">
          <h3>Deployment</h3>
          <ul className="lp-arch-icons">
            {deployments.map(([label, glyph]) => (
              <li key={label}>
                <Link to={linkTo('deployment')} className="lp-arch-icon">
                  <Glyph name={glyph} />
                  <span>{label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
