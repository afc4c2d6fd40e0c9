import { Link } from 'react-router-dom';
import type { AccountSummary } from '../../../shared/api/auth';
import { roleLabels } from '../../../shared/teams/roles';
import { selectAccountUrl, useConfigStore } from '../../app/config-store';
import { switchAccount, useAccountStore } from '../../auth/account-store';
import { signOut } from '../../auth/session';
import { selectEmail, useAuthStore } from '../../auth/store';
import { useMe } from '../../queries/auth';
import { linkTo } from '../../routes/links';
import { toast } from '../toast-store';
import { useMenu } from '../use-menu';
import { useAccountCheck } from './use-account-check';
import { useAccountInAddress } from './use-account-in-address';
import { accountLabel } from '../../../shared/teams/account-label';
import './account-switcher.css';

/** The account page may be this app's own /account (embedded identity provider): then stay in the app. */
function sameOriginPath(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url, window.location.href);
    return u.origin === window.location.origin ? `${u.pathname}${u.search}${u.hash}` : undefined;
  } catch {
    return undefined;
  }
}

const roleText = (a: Pick<AccountSummary, 'kind' | 'role'>) => (a.kind === 'personal' ? 'Personal' : roleLabels[a.role]);

/**
 * Issue 34: the account this tab acts in (the person's own, or a team with their role), and a menu
 * to switch between them, create or manage teams, and reach the account settings. Every list,
 * create, payment and export then acts in the chosen account (the API client's X-Account).
 */
export function AccountSwitcher() {
  const email = useAuthStore(selectEmail);
  const accountUrl = useConfigStore(selectAccountUrl);
  const teamId = useAccountStore((s) => s.teamId);
  const held = useAccountStore((s) => s.holds > 0);
  useAccountInAddress();
  const me = useMe();
  const accounts = me.data?.accounts;
  useAccountCheck(accounts, me.refetch);
  const { open, box, buttonProps, menuProps, choose } = useMenu();

  const team = teamId ? accounts?.find((a) => a.id === teamId) : undefined;
  // Until the accounts arrive a team tab names no team rather than showing the personal account.
  const current = team ?? (teamId && !accounts ? undefined : { kind: 'personal' as const, role: 'owner' as const, name: email ?? '' });
  const settings = sameOriginPath(accountUrl);

  const pick = (account: AccountSummary) => {
    choose();
    const next = account.kind === 'team' ? account.id : undefined;
    if (next === teamId) return;
    if (!switchAccount(next)) {
      toast({ kind: 'warning', title: 'Finish the payment first', message: `The payment on screen is for ${accountLabel(team)}: pay or close it before switching account.` });
      return;
    }
    toast({
      kind: 'info',
      title: account.kind === 'team' ? `Working in ${account.name}` : 'Working in your personal account',
      message: 'Lists, deployments, payments and exports now use this account.',
    });
  };

  return (
    <div className="account-switcher" ref={box}>
      <button type="button" className="account-button control" data-testid="account-switcher" title="Switch account" {...buttonProps}>
        <span className="visually-hidden">Account: </span>
        {current ? (
          <>
            <span className="account-name" data-testid={current.kind === 'personal' ? 'user-email' : 'team-name'}>
              {current.name}
            </span>
            <span className={`badge ${current.kind === 'team' ? 'badge-info' : 'badge-muted'} account-role`}>{roleText(current)}</span>
          </>
        ) : (
          <span className="account-name muted">Team…</span>
        )}
        <span className="account-caret" aria-hidden="true" />
      </button>
      {open && (
        <div className="menu account-menu" aria-label="Accounts" data-testid="account-menu" {...menuProps}>
          <p className="menu-caption account-person" aria-hidden="true">
            Signed in as {email}
          </p>
          {(accounts ?? [{ id: '', kind: 'personal' as const, role: 'owner' as const, name: email ?? '' }]).map((a) => (
            <button
              key={a.id || 'personal'}
              type="button"
              role="menuitemradio"
              aria-checked={a.kind === 'team' ? a.id === teamId : !team}
              aria-disabled={held}
              title={held ? 'Pay or close the payment on screen before switching account' : undefined}
              tabIndex={-1}
              className="menu-item account-item"
              onClick={() => pick(a)}
            >
              <span className="account-item-name">{a.name}</span>
              <span className="muted small">{roleText(a)}</span>
            </button>
          ))}
          <div role="separator" className="menu-separator" />
          <Link role="menuitem" tabIndex={-1} className="menu-item" to={linkTo('teams', {}, { hash: 'create-team' })} onClick={choose}>
            Create team
          </Link>
          <Link role="menuitem" tabIndex={-1} className="menu-item" to={linkTo('teams')} onClick={choose}>
            Manage teams
          </Link>
          {settings ? (
            <Link role="menuitem" tabIndex={-1} className="menu-item" to={settings} onClick={choose}>
              Account settings
            </Link>
          ) : (
            <a role="menuitem" tabIndex={-1} className="menu-item" href={accountUrl} target="_blank" rel="noopener noreferrer" onClick={choose}>
              Account settings
            </a>
          )}
          {/* the header's Sign Out gives way on a phone */}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="menu-item account-sign-out"
            onClick={() => {
              choose();
              void signOut();
            }}
          >
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
