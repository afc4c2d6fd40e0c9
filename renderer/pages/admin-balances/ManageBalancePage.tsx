import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';

export default function ManageBalancePage({ route }: PageProps) {
  return <PlaceholderPage name="admin-balances" route={route} description="Top up any user's on-demand balance by email." />;
}
