import { Link } from 'react-router-dom';
import { linkTo } from '../../routes/links';
import { HomeCard } from './HomeCard';
import { ConnectedDeploymentsList } from '../../shell/private-deployments/ConnectedDeploymentsList';

export const privateShown = 2;

const tiles: { label: string; params: Record<string, string> }[] = [
  { label: 'Local', params: { category: 'local' } },
  { label: 'Docker', params: { category: 'onprem', platform: 'docker' } },
  { label: 'Kubernetes', params: { category: 'onprem', platform: 'kubernetes' } },
];
const clouds: { label: string; provider: string }[] = [
  { label: 'AWS', provider: 'aws' },
  { label: 'GCP', provider: 'gcp' },
  { label: 'Azure', provider: 'azure' },
  { label: 'OCI', provider: 'oci' },
];

/** Quick ways into the setup guide and up to 2 of the user's private deployments (public-site 2.13). */
export function PrivateDeploymentsCard() {
  return (
    <HomeCard titleId="cc-private-title" title="Private Deployments" testId="private-card">
      <nav className="cc-tiles" aria-label="Set up a private deployment">
        {tiles.map((t) => (
          <Link key={t.label} className="cc-tile" to={linkTo('private-deployments', t.params)}>
            {t.label}
          </Link>
        ))}
        {clouds.map((c) => (
          <Link key={c.provider} className="cc-tile cc-tile-cloud" to={linkTo('private-deployments', { category: 'cloud', provider: c.provider })}>
            {c.label}
          </Link>
        ))}
      </nav>
      <ConnectedDeploymentsList limit={privateShown} compact />
      <div className="cc-card-actions">
        <Link className="btn btn-small btn-primary" to={linkTo('private-deployments')}>
          Get Setup Guide
        </Link>
      </div>
    </HomeCard>
  );
}
