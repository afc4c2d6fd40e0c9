import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';

export default function TermsOfServicePage({ route }: PageProps) {
  return (
    <PlaceholderPage name="terms-of-service" route={route} description="The subscription service agreement that governs use of the platform." />
  );
}
