import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';

export default function ComparisonPage({ route }: PageProps) {
  return (
    <PlaceholderPage name="comparison" route={route} description="How the private platform compares with the alternatives." />
  );
}
