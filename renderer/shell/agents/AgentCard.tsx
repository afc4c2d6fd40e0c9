import { useId, useState } from 'react';
import type { Agent } from '../../../shared/api/agents';
import { AgentIcon } from './agent-icons';
import { DeployControl } from './DeployControl';
import { truncateDescription, visibleTags } from './gallery';

interface Props {
  agent: Agent;
  /** the All tab labels each card with its category */
  categoryName?: string;
  onSelect?: (agent: Agent) => void;
  /** set to show the Deploy dropdown in the footer */
  guideHref?: string;
  /** one level below the gallery's heading, so the outline never skips a level */
  nameLevel?: 'h2' | 'h3';
}

/** The agent's picture: image, else avatar, else its icon. */
export function AgentVisual({ agent, size = 44 }: { agent: Pick<Agent, 'image' | 'avatar' | 'icon' | 'name'>; size?: number }) {
  const src = agent.image ?? agent.avatar;
  if (src) return <img className="agent-visual" src={src} alt="" width={size} height={size} loading="lazy" />;
  return (
    <span className="agent-visual agent-visual-icon" style={{ width: size, height: size }}>
      <AgentIcon name={agent.icon} size={Math.round(size / 2)} />
    </span>
  );
}

export function AgentCard({ agent, categoryName, onSelect, guideHref, nameLevel = 'h3' }: Props) {
  const Name = nameLevel;
  const ids = useId();
  const [expanded, setExpanded] = useState(false);
  const short = truncateDescription(agent.description);
  const selectable = onSelect !== undefined;

  return (
    <article
      className={`surface agent-card ${selectable ? 'selectable' : ''}`}
      aria-labelledby={`${ids}-name`}
      data-testid="agent-card"
      data-agent-id={agent.id}
      onClick={selectable ? () => onSelect(agent) : undefined}
    >
      <header className="agent-card-head">
        <AgentVisual agent={agent} />
        <div>
          <Name id={`${ids}-name`} className="agent-name">
            {selectable ? (
              <button
                type="button"
                className="link-button agent-select"
                onClick={(e) => {
                  e.stopPropagation();
                  onSelect(agent);
                }}
              >
                {agent.name}
              </button>
            ) : (
              agent.name
            )}
          </Name>
          {categoryName && <span className="agent-category">{categoryName}</span>}
        </div>
      </header>
      <p className="agent-description" data-testid="agent-description">
        {expanded || !short.truncated ? agent.description : short.text}{' '}
        {short.truncated && (
          <button
            type="button"
            className="link-button read-more"
            aria-expanded={expanded}
            onClick={(e) => {
              e.stopPropagation();
              setExpanded((x) => !x);
            }}
          >
            {expanded ? 'Read less' : 'Read more'}
          </button>
        )}
      </p>
      {agent.benefit && <p className="agent-benefit">{agent.benefit}</p>}
      {agent.tags.length > 0 && (
        <ul className="agent-tags" aria-label="Tags">
          {visibleTags(agent.tags).map((t) => (
            <li key={t} className="pill">
              {t}
            </li>
          ))}
        </ul>
      )}
      {guideHref !== undefined && (
        <footer className="agent-card-foot">
          <DeployControl agent={agent} guideHref={guideHref} />
        </footer>
      )}
    </article>
  );
}
