import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';

export default function PrivacyPolicyPage({ route }: PageProps) {
  return (
    <PlaceholderPage name="privacy-policy" route={route} description="How we collect, use and protect personal data." />
  );
}
