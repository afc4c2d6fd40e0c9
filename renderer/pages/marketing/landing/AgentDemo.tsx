import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { linkTo } from '../../../routes/links';
import { Glyph } from './glyphs';
import type { AgentType } from './industry';
import { clipVideoProps, type RecordedTab, showcaseMedia } from './media';
import { agentDemos } from './use-cases';

/** The showcase clip each demo plays: the agent gallery, where each agent is picked and deployed (the only recording of agents this site has, issue 44). */
const demoClip: Record<AgentType, RecordedTab> = {
  research: 'agents',
  support: 'agents',
  coding: 'agents',
  vision: 'agents',
  clinical: 'agents',
  protocol: 'agents',
  'research-enterprise': 'agents',
  'support-enterprise': 'agents',
  engineering: 'agents',
};

/**
 * The agent demo panel below the use cases (public-site 2.5 item 4): the agent's title and
 * description beside a clip of the real product, which plays (muted, looping) as the panel opens
 * unless the visitor prefers reduced motion. It takes focus when it opens so keyboard and
 * screen-reader users land on it; Escape or the close button closes it.
 */
export function AgentDemo({ agent, onClose }: { agent: AgentType; onClose(): void }) {
  const panel = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const demo = agentDemos[agent];
  const media = showcaseMedia[demoClip[agent]];
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
  useEffect(() => {
    const v = video.current;
    if (!v || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    v.muted = true;
    // Browsers may refuse autoplay (power saving, policies): the poster and controls stay.
    v.play().catch(() => undefined);
  }, [media.clip]);
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
      <div className="lp-demo-body">
        <div>
          <p>{demo.description}</p>
          <Link className="btn btn-primary" to={linkTo('agents-gallery')}>
            Browse the agent gallery
          </Link>
        </div>
        {media.clip && (
          <video ref={video} key={media.clip} className="lp-demo-video" data-testid="agent-demo-video" {...clipVideoProps(media)} aria-label={`${demo.title}: the agent gallery in the product`} />
        )}
      </div>
    </div>
  );
}
