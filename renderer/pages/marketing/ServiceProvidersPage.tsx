import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';

export default function ServiceProvidersPage({ route }: PageProps) {
  return (
    <PlaceholderPage name="service-providers" route={route} description="White-label, multi-tenant, usage-billed reselling for service-provider partners." />
  );
}
