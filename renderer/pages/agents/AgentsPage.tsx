import { linkTo } from '../../routes/resolve';
import { AgentGallery } from './AgentGallery';

/** /agents: the gallery with Deploy menus; browsing and deploying work signed out too (public-site 6). */
export default function AgentsPage() {
  return (
    <section className="page agents-page">
      <AgentGallery headingLevel="h1" guideHref={linkTo('private-deployments', { category: 'local' })} />
    </section>
  );
}
