import type { License } from '../../../shared/api/licenses';
import { useMyLicenses } from '../../queries/licenses';
import { linkTo } from '../../routes/links';
import { expiryText, licenceColour } from './format';
import { CardList, type CardListTexts } from './CardList';
import { HomeCard } from './HomeCard';
import { EmptyCard } from './EmptyCard';

export const licensesShown = 4;

const typeLabel: Record<License['type'], string> = { community: 'Community', trial: 'Trial', enterprise: 'Enterprise' };

const listTexts: CardListTexts = {
  signInText: 'Sign in to see your licenses and billing',
  what: 'licenses',
  errorText: 'Your licenses could not be loaded.',
  empty: <EmptyCard text="No licenses yet. Get started with a free trial." to={linkTo('licenses', {}, { hash: 'trial' })} action="Create License" />,
  shown: licensesShown,
};

/** Up to 4 licenses with their expiry in colour (public-site 2.13 and 4). */
export function LicensesCard({ signedIn }: { signedIn: boolean }) {
  const licenses = useMyLicenses(signedIn);
  const now = new Date();

  return (
    <HomeCard titleId="cc-licenses-title" title="Licenses & Billing" testId="licenses-card" link={signedIn ? { to: linkTo('licenses'), label: 'Manage' } : undefined}>
      <CardList
        texts={listTexts}
        signedIn={signedIn}
        query={licenses}
        row={(l) => (
          <li key={l.id} className="inset spread cc-row" data-testid="cc-license">
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
        )}
      />
    </HomeCard>
  );
}
