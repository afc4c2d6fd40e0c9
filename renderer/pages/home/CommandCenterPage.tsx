import { Link } from 'react-router-dom';
import { selectSignedIn, useAuthStore } from '../../auth/store';
import { linkTo } from '../../routes/links';
import { PageTitle } from '../../shell/Page';
import { useBrand } from '../../app/use-brand';
import { FeaturedAgents } from './FeaturedAgents';
import { HostedDeploymentsCard } from './HostedDeploymentsCard';
import { LicensesCard } from './LicensesCard';
import { communityChatUrl, supportEmailAddress } from './links';
import { PrivateDeploymentsCard } from './PrivateDeploymentsCard';
import './command-center.css';

/**
 * Command Center (public-site 2.13): shown for /home, /admin, unknown app paths, and /dashboard to
 * non-admins. Deployments, licenses and the server's private deployments load only when signed in.
 */
export default function CommandCenterPage() {
  const signedIn = useAuthStore(selectSignedIn);
  const brand = useBrand();

  return (
    <section className="page command-center" data-testid="command-center">
      <header className="cc-hero">
        <PageTitle>Command Center</PageTitle>
        <p className="page-lead">Everything you run on {brand.name} in one place: deploy a ready-made agent, check on your hosted and private installations, and keep your licenses in order.</p>
      </header>

      <FeaturedAgents />

      <div className="cc-cards">
        <HostedDeploymentsCard signedIn={signedIn} />
        <PrivateDeploymentsCard />
        <LicensesCard signedIn={signedIn} />
      </div>

      <section className="cc-closing" aria-labelledby="cc-closing-title">
        <div>
          <h2 id="cc-closing-title">Ready for your next deployment?</h2>
          <p className="muted">Try {brand.name} on a free trial VM in minutes, or install it on infrastructure you control.</p>
        </div>
        <div className="cc-closing-actions">
          <Link className="btn btn-primary" to={linkTo('deployments', { type: 'trial-vm' })}>
            Start Free Now
          </Link>
          <Link className="btn" to={linkTo('private-deployments')}>
            Deploy Private
          </Link>
        </div>
      </section>

      <footer className="cc-footer">
        <Link to={linkTo('docs')}>Documentation</Link>
        <a href={communityChatUrl(brand)} target="_blank" rel="noopener noreferrer">
          Community chat
        </a>
        <a href={`mailto:${supportEmailAddress(brand)}`}>Email support</a>
      </footer>
    </section>
  );
}
