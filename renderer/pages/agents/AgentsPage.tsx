import { linkTo } from '../../routes/links';
import { AgentGallery } from '../../shell/agents/AgentGallery';

/** /agents: the gallery with Deploy menus; browsing and deploying work signed out too (public-site 6). */
export default function AgentsPage() {
  return (
    <section className="page agents-page">
      <AgentGallery headingLevel="h1" guideHref={linkTo('private-deployments', { category: 'local' })} />
    </section>
  );
}
