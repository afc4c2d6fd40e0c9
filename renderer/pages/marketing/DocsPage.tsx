import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';

export default function DocsPage({ route }: PageProps) {
  return (
    <PlaceholderPage name="docs" route={route} description="Deployment documentation and an interactive setup guide." />
  );
}
