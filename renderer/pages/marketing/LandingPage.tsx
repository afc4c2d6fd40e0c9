import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';
import { AnchorSections } from './Sections';

export default function LandingPage({ route }: PageProps) {
  return (
    <PlaceholderPage name="landing" route={route} description="Run AI agents, models, retrieval and GPU scheduling on your own infrastructure or on hosted shared infrastructure.">
      <AnchorSections sections={[['industry-use-cases', 'Industry use cases'], ['product-showcase', 'Product showcase']]} />
    </PlaceholderPage>
  );
}
