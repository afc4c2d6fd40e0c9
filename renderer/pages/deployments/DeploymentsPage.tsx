import type { PageProps } from '../../routes/table';
import { PlaceholderPage, SelectionNote } from '../../shell/Page';

export default function DeploymentsPage({ route }: PageProps) {
  return (
    <PlaceholderPage
      name="deployments"
      route={route}
      description="Choose hosted cloud, a trial VM or a GPU instance, create deployments and manage them with a terminal and timers."
      signInAction="create and manage hosted deployments"
    >
      <SelectionNote items={[['Preselected type', route.selection.deploymentType]]} />
    </PlaceholderPage>
  );
}
