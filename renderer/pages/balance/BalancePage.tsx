import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';

export default function BalancePage({ route }: PageProps) {
  return (
    <PlaceholderPage
      name="balance"
      route={route}
      description="Your prepaid on-demand balance for trial VMs and GPU instances, and a way to add funds."
      signInAction="see and top up your balance"
    />
  );
}
