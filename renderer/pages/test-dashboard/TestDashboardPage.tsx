import type { PageProps } from '../../routes/table';
import { PlaceholderPage, SelectionNote } from '../../shell/Page';

export default function TestDashboardPage({ route }: PageProps) {
  return (
    <PlaceholderPage
      name="test-dashboard"
      route={route}
      description="Continuous-integration test runs with their logs, screenshots and conversation logs."
      signInAction="view test runs"
    >
      <SelectionNote items={[['Run', route.selection.run]]} />
    </PlaceholderPage>
  );
}
