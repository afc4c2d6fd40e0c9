import { Link } from 'react-router-dom';
import { linkTo } from '../../routes/links';
import { AgentVisual } from '../../shell/agents/AgentCard';
import { DeployControl } from '../../shell/agents/DeployControl';
import { featuredAgents } from '../../shell/agents/gallery';
import { useGallery } from '../../queries/agents';

/** The first 4 agents with a deploy control each, and a way to the whole gallery. */
export function FeaturedAgents() {
  const gallery = useGallery();
  const agents = featuredAgents(gallery.data?.categories ?? []);
  const guide = linkTo('private-deployments', { category: 'local' });

  return (
    <section className="cc-section" aria-labelledby="cc-featured-title" data-testid="featured-agents">
      <div className="cc-section-head">
        <h2 id="cc-featured-title">Featured Agents</h2>
        <Link className="btn btn-small" to={linkTo('agents')}>
          View All Agents
        </Link>
      </div>
      {gallery.isPending ? (
        // As tall as the cards will be, so the cards below do not jump when the agents arrive.
        <div className="cc-agent-grid" aria-busy="true">
          <p className="visually-hidden">Loading agents</p>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="surface cc-agent cc-agent-placeholder" aria-hidden="true" />
          ))}
        </div>
      ) : gallery.isError ? (
        <p className="muted" role="alert">
          {gallery.error.message || 'Failed to load agents'}{' '}
          <button type="button" className="link-button" onClick={() => void gallery.refetch()}>
            Retry
          </button>
        </p>
      ) : agents.length === 0 ? (
        <p className="muted">No agents available</p>
      ) : (
        <div className="cc-agent-grid">
          {agents.map((a) => (
            <article key={a.id} className="surface stack cc-agent" data-testid="featured-agent">
              <AgentVisual agent={a} size={40} />
              <h3>{a.name}</h3>
              <p className="muted">{a.benefit}</p>
              <DeployControl agent={a} guideHref={guide} compact />
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
