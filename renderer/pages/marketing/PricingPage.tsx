import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';
import { AnchorSections } from './Sections';

export default function PricingPage({ route }: PageProps) {
  return (
    <PlaceholderPage name="pricing" route={route} description="Licence pricing, a licence calculator and the pilot program.">
      <AnchorSections sections={[['case-studies', 'Case studies']]} />
    </PlaceholderPage>
  );
}
