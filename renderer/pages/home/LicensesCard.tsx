import { Link } from 'react-router-dom';
import type { License } from '../../../shared/api/licenses';
import { useMyLicenses } from '../../queries/licenses';
import { linkTo } from '../../routes/links';
import { expiryText, licenceColour } from './format';
import { SignInCard } from './SignInCard';

export const licensesShown = 4;

const typeLabel: Record<License['type'], string> = { community: 'Community', trial: 'Trial', enterprise: 'Enterprise' };

/** Up to 4 licenses with their expiry in colour (public-site 2.13 and 4). */
export function LicensesCard({ signedIn }: { signedIn: boolean }) {
  const licenses = useMyLicenses(signedIn);
  const list = licenses.data ?? [];
  const now = new Date();

  return (
    <section className="card cc-card" aria-labelledby="cc-licenses-title" data-testid="licenses-card">
      <div className="cc-card-head">
        <h2 id="cc-licenses-title">Licenses &amp; Billing</h2>
        {signedIn && (
          <Link className="link-button" to={linkTo('licenses')}>
            Manage
          </Link>
        )}
      </div>
      {!signedIn ? (
        <SignInCard text="Sign in to see your licenses and billing" />
      ) : licenses.isPending ? (
        <p className="muted" aria-busy="true">
          Loading licenses…
        </p>
      ) : licenses.isError ? (
        <p className="muted" role="alert">
          Your licenses could not be loaded.
        </p>
      ) : list.length === 0 ? (
        <div className="cc-empty">
          <p className="muted">No licenses yet. Get started with a free trial.</p>
          <Link className="btn btn-primary" to={linkTo('licenses', {}, { hash: 'trial' })}>
            Create License
          </Link>
        </div>
      ) : (
        <ul className="cc-rows">
          {list.slice(0, licensesShown).map((l) => (
            <li key={l.id} className="cc-row" data-testid="cc-license">
              <div className="cc-row-main">
                <span className="cc-row-name">{typeLabel[l.type]}</span>
                <span className="cc-row-meta muted">{l.organization_name}</span>
              </div>
              <div className="cc-row-side">
                {l.payment_status === 'pending' && <span className="cc-status tone-amber">Payment pending</span>}
                <span className={`cc-expiry tone-${licenceColour(l, now)}`} data-testid="cc-license-expiry">
                  {expiryText(l.expires, now)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
