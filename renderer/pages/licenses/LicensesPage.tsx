import type { PageProps } from '../../routes/table';
import { PlaceholderPage, SelectionNote } from '../../shell/Page';

export default function LicensesPage({ route }: PageProps) {
  return (
    <PlaceholderPage
      name="licenses"
      route={route}
      description="Create community, trial and enterprise licenses, pay for them and copy your license keys."
      signInAction="create and manage licenses"
    >
      <SelectionNote items={[['Selected license', route.selection.licenseType]]} />
    </PlaceholderPage>
  );
}
