import { useId, useState } from 'react';
import type { Agent } from '../../../shared/api/agents';
import { AgentCard } from './AgentCard';
import { CategoryNav, type Tab, tabDomId } from './CategoryNav';
import { allTabId, defaultTab, tabCards } from './gallery';
import { useGallery } from '../../queries/agents';
import { useDetectedDeploymentUrl } from './use-detected-url';
import './agents.css';

interface Props {
  /** the local deployment guide link; leave out to show the gallery without Deploy buttons */
  guideHref?: string;
  onSelect?: (agent: Agent) => void;
  /** the header's level: the app page makes it the page's h1 */
  headingLevel?: 'h1' | 'h2';
}

/** The agent gallery of public-site 2.11, shared by the app's /agents and the marketing /agents-gallery. */
export function AgentGallery({ guideHref, onSelect, headingLevel = 'h2' }: Props) {
  const panelId = useId();
  const gallery = useGallery();
  const [picked, setPicked] = useState<string | undefined>(undefined);
  useDetectedDeploymentUrl();

  const Heading = headingLevel;
  const categories = gallery.data?.categories ?? [];
  const tab = picked ?? defaultTab(categories);
  const tabs: Tab[] = [{ id: allTabId, name: 'All', icon: 'grid' }, ...categories.map((c) => ({ id: c.id, name: c.name, icon: c.icon }))];
  const cards = tabCards(categories, tab);
  const noAgents = categories.every((c) => c.agents.length === 0);

  return (
    <section className="agent-gallery" data-testid="agent-gallery">
      <header className="gallery-head">
        <Heading className={headingLevel === 'h1' ? 'page-title' : 'gallery-title'} data-testid={headingLevel === 'h1' ? 'page-title' : undefined}>
          {gallery.data?.metadata.name ?? 'Agent Gallery'}
        </Heading>
        {gallery.data?.metadata.description && <p className="page-lead">{gallery.data.metadata.description}</p>}
      </header>

      {gallery.isPending ? (
        <p className="gallery-state muted" role="status" aria-busy="true">
          Loading agents
        </p>
      ) : gallery.isError ? (
        <div className="gallery-state error-box" role="alert">
          <p>{gallery.error.message || 'Failed to load agents'}</p>
          <button type="button" className="btn" onClick={() => void gallery.refetch()} disabled={gallery.isFetching}>
            Retry
          </button>
        </div>
      ) : noAgents ? (
        <p className="gallery-state muted">No agents available</p>
      ) : (
        <>
          <CategoryNav tabs={tabs} active={tab} onChange={setPicked} panelId={panelId} />
          <div id={panelId} role="tabpanel" aria-labelledby={tabDomId(panelId, tab)} className="agent-grid" data-testid="agent-grid">
            {cards.length === 0 ? (
              <p className="gallery-state muted">No agents found in this category</p>
            ) : (
              cards.map((c) => <AgentCard key={c.agent.id} agent={c.agent} categoryName={c.categoryName} onSelect={onSelect} guideHref={guideHref} nameLevel={headingLevel === 'h1' ? 'h2' : 'h3'} />)
            )}
          </div>
        </>
      )}
    </section>
  );
}
