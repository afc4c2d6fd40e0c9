import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { linkTo } from '../../routes/links';
import { headingOf } from '../../routes/table';
import { PageTitle } from '../../shell/Page';
import { QuickCalculator } from './resources/QuickCalculator';
import { RoiCalculator } from './resources/RoiCalculator';
import { ArchitectureSection, ComplianceSection, ImplementationSection, ResourceSection } from './resources/Sections';
import './resources/resources.css';

const sectionLinks: [id: string, title: string, text: string][] = [
  ['technical-architecture', 'Technical Architecture', 'For CTOs and architects'],
  ['compliance-legal', 'Compliance and Legal', 'For legal, risk and security'],
  ['roi-calculator', 'ROI Calculator', 'For business leaders'],
  ['implementation-guide', 'Implementation Guide', 'For IT and DevOps'],
];

/** /resources (public-site 2.8): four expandable sections, the architecture explorer and the ROI calculator. No network calls. */
export default function ResourcesPage() {
  const roiRef = useRef<HTMLDetailsElement>(null);

  // Printing shows the ROI report only (resources.css), so its section must be open first.
  const print = () => {
    if (roiRef.current) roiRef.current.open = true;
    window.print();
  };

  return (
    <section className="page res-page">
      <PageTitle>{headingOf('resources')}</PageTitle>
      <p className="page-lead res-no-print">
        Everything each stakeholder needs to evaluate a private AI agent platform: how it is built, how it keeps you compliant, what it is worth and how to roll it out.
      </p>

      <nav className="res-index res-no-print" aria-label="Resources">
        {sectionLinks.map(([id, title, text]) => (
          <Link key={id} to={linkTo('resources', undefined, { hash: id })} className="surface stack res-index-card">
            <strong>{title}</strong>
            <span className="muted">{text}</span>
          </Link>
        ))}
      </nav>

      <ArchitectureSection />
      <ComplianceSection />
      <ResourceSection id="roi-calculator" title="ROI Calculator" lead="Capacity, revenue, risk and quality value against the investment, month by month." detailsRef={roiRef} className="res-roi">
        <QuickCalculator />
        <RoiCalculator onPrint={print} />
      </ResourceSection>
      <ImplementationSection />
    </section>
  );
}
