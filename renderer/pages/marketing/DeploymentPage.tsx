import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';
import { AnchorSections } from './Sections';

export default function DeploymentPage({ route }: PageProps) {
  return (
    <PlaceholderPage name="deployment" route={route} description="Hosted, trial VM, GPU and private deployment options side by side.">
      <AnchorSections sections={[['try-demo', 'Try the demo'], ['data-sovereignty', 'Data sovereignty']]} />
    </PlaceholderPage>
  );
}
