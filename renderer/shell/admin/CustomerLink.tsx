import type { AccountKind } from '../../../shared/teams/account-kinds';
import { Link } from 'react-router-dom';
import { linkTo } from '../../routes/links';
import { Icon } from '../icons';
import './customer-link.css';

/** Where an e-mail leads an admin: the account's page when its id is known, else the page found by e-mail. */
export function customerHref(email: string, userId?: string | null): string {
  return userId ? linkTo('admin-customers', { id: userId }) : linkTo('admin-customers', {}, { query: { email } });
}

/** An address that may break after the @ rather than anywhere. */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/**
 * Every e-mail an admin screen shows, as a link to that customer's page (issue #30). `icon`: only a
 * small person icon beside an e-mail that already links elsewhere (the Deployment Dashboard's mail link).
 */
export function CustomerLink({ email, userId, icon = false }: { email: string | null | undefined; userId?: string | null; icon?: boolean }) {
  if (!email) return <>—</>;
  const href = customerHref(email, userId);
  if (icon) {
    return (
      <Link to={href} className="customer-link-icon" aria-label={`Customer page of ${email}`} title="Customer page" data-testid="customer-link">
        <Icon name="user" size={14} />
      </Link>
    );
  }
  return (
    <Link to={href} className="customer-link" data-testid="customer-link">
      <EmailText email={email} />
    </Link>
  );
}

/** The "Team" mark beside a team account's name on the admin's screens. */
export function TeamBadge() {
  return <span className="badge badge-info">Team</span>;
}

/** An account as the admin's lists show it: a person's e-mail, or a team's name marked as a team, linking to its customer page. */
export function AccountLink({ id, kind, name }: { id: string; kind: AccountKind; name: string }) {
  if (kind === 'personal') return <CustomerLink email={name} userId={id} />;
  return (
    <>
      <Link to={customerHref(name, id)} className="customer-link" data-testid="customer-link">
        {name}
      </Link>
      <TeamBadge />
    </>
  );
}
