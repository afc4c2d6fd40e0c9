import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';

export default function PingDashboardPage({ route }: PageProps) {
  return <PlaceholderPage name="admin-pings" route={route} description="Version pings from running installations, 30 to a page." />;
}
