import { Link } from 'react-router-dom';
import { cloudTypeSlug } from '../../../../shared/brand';
import { formatUsd, publicPrices } from '../../../../shared/marketing/license-calculator';
import { linkTo } from '../../../routes/links';
import { pilotInquiryMailto } from '../../../shell/external-links';
import { useBrand } from '../../../app/use-brand';

const pilotPhases = [
  ['Weeks 1–2', 'Discover: pick the workflows, connect data sources and identity.'],
  ['Weeks 3–4', 'Build: first agents running on your infrastructure with your models.'],
  ['Weeks 5–6', 'Evaluate: test suites and evals against real work, tuned with your team.'],
  ['Weeks 7–8', 'Prove: measured results, a security review and a roll-out plan.'],
] as const;

/** The four offers of public-site 2.6; "Calculate pricing" opens the licence calculator. */
export function PlanCards({ onCalculate }: { onCalculate: () => void }) {
  const brand = useBrand();
  return (
    <div className="prc-plans">
      <article className="surface stack prc-plan prc-plan-featured" data-testid="plan-pilot">
        <p className="prc-plan-kicker">Pilot program</p>
        <h2>Prove it on your own work</h2>
        <p className="prc-price">
          $125K <span>over 8 weeks</span>
        </p>
        <p className="prc-plan-lead">Four two-week phases with our engineers, ending in numbers your board can check.</p>
        <ol className="prc-phases">
          {pilotPhases.map(([when, what]) => (
            <li key={when}>
              <strong>{when}</strong> {what}
            </li>
          ))}
        </ol>
        <a className="btn btn-primary prc-plan-action" href={pilotInquiryMailto(brand)}>
          Start pilot program
        </a>
      </article>

      <article className="surface stack prc-plan" data-testid="plan-shared">
        <p className="prc-plan-kicker">Shared platform</p>
        <h2>{brand.name} Cloud</h2>
        <p className="prc-price">
          $75 <span>per user / month</span>
        </p>
        <p className="prc-plan-lead">Start building agents today on our hosted platform. Personal plan $35/month.</p>
        <ul className="prc-points">
          <li>Nothing to install or operate</li>
          <li>Team collaboration with role-based access control</li>
          <li>Move to a private deployment when you are ready</li>
        </ul>
        <Link className="btn prc-plan-action" to={linkTo('deployments', { type: cloudTypeSlug(brand) })}>
          Start on {brand.name} Cloud
        </Link>
      </article>

      <article className="surface stack prc-plan" data-testid="plan-enterprise">
        <p className="prc-plan-kicker">Enterprise, self-hosted</p>
        <h2>Your infrastructure, your data</h2>
        <p className="prc-price">
          {formatUsd(publicPrices().baseAnnual)} <span>per year, 10 users included</span>
        </p>
        <p className="prc-plan-lead">From 10 users, in packs of 10. Add managed or hosted GPUs and the support level you need.</p>
        <ul className="prc-points">
          <li>Runs on-premises, in your cloud account or air-gapped</li>
          <li>Single sign-on with Active Directory, Okta or any OIDC provider</li>
          <li>No data leaves your network</li>
        </ul>
        <button type="button" className="btn prc-plan-action" onClick={onCalculate}>
          Calculate pricing
        </button>
      </article>

      <article className="surface stack prc-plan" data-testid="plan-community">
        <p className="prc-plan-kicker">Community edition</p>
        <h2>Free for smaller teams</h2>
        <p className="prc-price">
          $0 <span>self-hosted</span>
        </p>
        <p className="prc-plan-lead">For organisations under $10M annual revenue and under 250 employees.</p>
        <ul className="prc-points">
          <li>The same platform you would license as an enterprise</li>
          <li>Run it on a laptop, a server or your cloud</li>
          <li>Upgrade to enterprise without migrating</li>
        </ul>
        <Link className="btn prc-plan-action" to={linkTo('licenses', undefined, { hash: 'community' })}>
          Get a community license
        </Link>
      </article>
    </div>
  );
}
