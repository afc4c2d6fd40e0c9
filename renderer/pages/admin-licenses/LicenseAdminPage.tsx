import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';

export default function LicenseAdminPage({ route }: PageProps) {
  return <PlaceholderPage name="admin-licenses" route={route} description="All licenses, marking bank transfers as paid, and creating licenses for a user." />;
}
