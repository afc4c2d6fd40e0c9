import type { PageProps } from '../../routes/table';
import { PlaceholderPage } from '../../shell/Page';
import { AnchorSections } from './Sections';

export default function ResourcesPage({ route }: PageProps) {
  return (
    <PlaceholderPage name="resources" route={route} description="Technical architecture, compliance and legal material, the ROI calculator and the implementation guide.">
      <AnchorSections sections={[['technical-architecture', 'Technical Architecture'], ['compliance-legal', 'Compliance and Legal'], ['roi-calculator', 'ROI Calculator'], ['implementation-guide', 'Implementation Guide']]} />
    </PlaceholderPage>
  );
}
