import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';

export default function DeploymentDashboardPage({ route }: PageProps) {
  return <PlaceholderPage name="admin-deployments" route={route} description="Every user's deployments, with multi-select and delete." />;
}
