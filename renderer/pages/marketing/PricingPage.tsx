import { useState } from 'react';
import { Link } from 'react-router-dom';
import { linkTo } from '../../routes/links';
import { headingOf } from '../../routes/table';
import { PageTitle } from '../../shell/Page';
import { CalculatorPanel } from './pricing/CalculatorPanel';
import { CaseStudies } from './pricing/CaseStudies';
import { PlanCards } from './pricing/PlanCards';
import './pricing/pricing.css';
import { pricingQuestionMailto, salesEmail } from '../../shell/external-links';
import { useBrand } from '../../app/use-brand';
import { gpuOfferOfPage } from '../../app/gpu-offer';

/** /pricing (public-site 2.6): plans, the licence calculator, philosophy, help, case studies. No network calls. */
export default function PricingPage() {
  const brand = useBrand();
  // A counter rather than a flag: "Calculate pricing" while open remounts the panel, which scrolls back to it.
  const [calculator, setCalculator] = useState(0);
  const openCalculator = () => setCalculator((n) => n + 1);

  return (
    <section className="page prc-page">
      <PageTitle>{headingOf('pricing')}</PageTitle>
      <p className="page-lead">Private AI agents priced like infrastructure: per user and per GPU, with no per-token charges and no surprises at the end of the month.</p>

      <PlanCards onCalculate={openCalculator} />

      {calculator > 0 && <CalculatorPanel key={calculator} onClose={() => setCalculator(0)} />}

      <section className="prc-section prc-extras" aria-label="Hosting options">
        <div>
          <h3>Managed GPU hosting</h3>
          <p>
            {gpuOfferOfPage().priceLine}, provisioned within 30 minutes. <Link to={linkTo('deployments', { type: 'gpu-instance' })}>Provision GPUs</Link>
          </p>
        </div>
        <div>
          <h3>Trial VM</h3>
          <p>
            Your own instance with $4 free credit, then $0.10 per hour. <Link to={linkTo('deployments', { type: 'trial-vm' })}>Launch a trial VM</Link>
          </p>
        </div>
      </section>

      <section className="prc-section prc-philosophy" aria-labelledby="prc-philosophy-title">
        <h2 id="prc-philosophy-title">How we price</h2>
        <div className="prc-principles">
          <div>
            <h3>Pay for capacity, not tokens</h3>
            <p>Users and GPUs are numbers your finance team already plans for. Agents can run all night without a meter ticking.</p>
          </div>
          <div>
            <h3>Your hardware stays yours</h3>
            <p>Self-hosted means the models, the data and the audit trail live in your environment. We never see your prompts.</p>
          </div>
          <div>
            <h3>Start small, grow in steps</h3>
            <p>Begin with 10 users or the community edition, prove value in a pilot, and add packs of 10 users as teams join.</p>
          </div>
        </div>
      </section>

      <p className="prc-help" data-testid="pricing-help">
        Questions about pricing, procurement or security reviews? Email <a href={pricingQuestionMailto(brand)}>{salesEmail(brand)}</a> and an engineer will answer, usually the same day.
      </p>

      <CaseStudies />

      <section className="prc-section prc-roi-link">
        <h2>What is it worth to your organisation?</h2>
        <p>Put in your headcount, costs and incident history and see capacity gained, payback month and first-year return.</p>
        <Link className="btn" to={linkTo('resources', undefined, { hash: 'roi-calculator' })}>
          Open the ROI calculator
        </Link>
      </section>

      <section className="cta-box prc-cta">
        <div>
          <h2>Run agents on infrastructure you control</h2>
          <p>Price a license in a minute, or compare hosted and private deployment options.</p>
        </div>
        <div className="prc-cta-actions">
          <button type="button" className="btn btn-primary" onClick={openCalculator}>
            Calculate pricing
          </button>
          <Link className="btn" to={linkTo('deployment')}>
            Deployment options
          </Link>
        </div>
      </section>
    </section>
  );
}
