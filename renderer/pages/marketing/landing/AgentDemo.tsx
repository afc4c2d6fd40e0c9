import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { linkTo } from '../../../routes/links';
import { Glyph } from './glyphs';
import type { AgentType } from './industry';
import { agentDemos } from './use-cases';

/**
 * The agent demo panel below the use cases (public-site 2.5 item 4). It takes focus when it opens
 * so keyboard and screen-reader users land on it; Escape or the close button closes it.
 */
export function AgentDemo({ agent, onClose }: { agent: AgentType; onClose(): void }) {
  const panel = useRef<HTMLDivElement>(null);
  const demo = agentDemos[agent];
  // Closing hands focus back to whatever opened the panel.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);
  useEffect(() => {
    panel.current?.focus({ preventScroll: true });
  }, [agent]);
  return (
    <div
      ref={panel}
      id="agent-demo"
      className="lp-demo"
      role="region"
      aria-labelledby="agent-demo-title"
      tabIndex={-1}
      data-testid="agent-demo"
      data-agent={agent}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className="spread-top lp-demo-head">
        <h3 id="agent-demo-title">{demo.title}</h3>
        <button type="button" className="icon-button lp-icon-button" aria-label="Close demo" onClick={onClose}>
          <Glyph name="close" size={18} />
        </button>
      </div>
      <p>{demo.description}</p>
      <Link className="btn btn-primary" to={linkTo('agents-gallery')}>
        Browse the agent gallery
      </Link>
    </div>
  );
}
