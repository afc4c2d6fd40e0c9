import type { PageProps } from '../../routes/table';
import { PlaceholderPage, SelectionNote } from '../../shell/Page';

export default function PrivateDeploymentsPage({ route }: PageProps) {
  const { category, provider, platform } = route.selection;
  return (
    <PlaceholderPage
      name="private-deployments"
      route={route}
      description="A setup guide generator for local, cloud, on-premises and hybrid installations, and your connected private deployments."
      signInAction="keep your private deployments on your account"
    >
      <SelectionNote
        items={[
          ['Category', category],
          ['Cloud provider', provider],
          ['Platform', platform],
        ]}
      />
    </PlaceholderPage>
  );
}
