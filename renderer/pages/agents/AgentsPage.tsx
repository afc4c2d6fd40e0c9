import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';

export default function AgentsPage({ route }: PageProps) {
  return (
    <PlaceholderPage
      name="agents"
      route={route}
      description="Pre-configured industry agents you can browse and deploy to your hosted or private instance."
      signInAction="deploy agents"
    />
  );
}
