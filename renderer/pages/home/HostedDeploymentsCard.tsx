import { Link } from 'react-router-dom';
import type { Deployment } from '../../../shared/api/deployments';
import { linkTo } from '../../routes/links';
import { formatCreated } from '../../shell/deployments/format';
import { useDeployments } from '../../queries/deployments';
import { managedUrl } from '../../shell/agents/deploy-targets';
import { relativeTime, statusColour } from './format';
import { CardList, type CardListTexts } from './CardList';
import { HomeCard } from './HomeCard';
import { EmptyCard } from './EmptyCard';

export const hostedShown = 3;

function DeploymentLine({ d, now }: { d: Deployment; now: Date }) {
  const launch = d.status === 'running' ? managedUrl(d) : undefined;
  const failed = d.status === 'failed' || d.status === 'error';
  return (
    <li className="inset spread cc-row" data-testid="hosted-deployment">
      <div className="cc-row-main">
        <span className="cc-row-name">{d.name}</span>
        <span className="cc-row-meta muted" title={formatCreated(d.created_at)}>
          Created {relativeTime(d.created_at, now)}
        </span>
      </div>
      <div className="cc-row-side">
        <span className={`cc-status tone-${statusColour(d.status)}`} data-testid="hosted-status">
          <span className="cc-dot" aria-hidden="true" />
          {d.status}
        </span>
        {failed && d.error_message && (
          <span className="cc-warning" title={d.error_message} tabIndex={0} aria-label={`Error: ${d.error_message}`} data-testid="hosted-error">
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="M12 3l10 18H2zM12 10v5M12 18h.01" />
            </svg>
          </span>
        )}
        {launch && (
          <a className="btn btn-small btn-primary" href={launch} target="_blank" rel="noopener noreferrer">
            LAUNCH
          </a>
        )}
      </div>
    </li>
  );
}

const listTexts: CardListTexts = {
  signInText: 'Sign in to manage your deployments',
  what: 'deployments',
  empty: <EmptyCard text="No hosted deployments yet" to={linkTo('deployments', { type: 'trial-vm' })} action="Start Free Now" />,
  shown: hostedShown,
};

/** The first 3 hosted deployments with status, errors on hover and LAUNCH (public-site 2.13). */
export function HostedDeploymentsCard({ signedIn }: { signedIn: boolean }) {
  const deployments = useDeployments(signedIn);
  const now = new Date();

  return (
    <HomeCard titleId="cc-hosted-title" title="Hosted Deployments" testId="hosted-card" link={signedIn ? { to: linkTo('deployments'), label: 'View All' } : undefined}>
      <CardList texts={listTexts} signedIn={signedIn} query={deployments} row={(d) => <DeploymentLine key={d.id} d={d} now={now} />} />
      {signedIn && (
        <div className="cc-card-actions">
          <Link className="btn btn-small" to={linkTo('deployments', { type: 'trial-vm' })}>
            Start Free
          </Link>
          <Link className="btn btn-small" to={linkTo('deployments', { type: 'gpu-instance' })}>
            Deploy GPU
          </Link>
        </div>
      )}
    </HomeCard>
  );
}
