import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';

export default function CookiePolicyPage({ route }: PageProps) {
  return (
    <PlaceholderPage name="cookie-policy" route={route} description="Which cookies we use, who sets them and how to opt out." />
  );
}
