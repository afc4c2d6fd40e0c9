import type { RefObject } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { selectAccountUrl, useConfigStore } from '../app/config-store';
import { signIn, signOut } from '../auth/session';
import { selectEmail, useAuthStore } from '../auth/store';
import { currentPath } from '../routes/links';
import { BalanceWidget } from './BalanceWidget';
import { MenuToggle } from './MenuToggle';
import { NotificationBell } from './notifications/NotificationBell';

interface Props {
  menuOpen: boolean;
  toggleRef: RefObject<HTMLButtonElement | null>;
  /** the drawer is open over the page: all but its toggle is inert */
  behindDrawer: boolean;
  onToggleMenu: () => void;
}

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

/** Sign-in slot: empty while the session is being restored, then the email with Sign Out, or Sign In. */
function AuthSlot() {
  const status = useAuthStore((s) => s.status);
  const email = useAuthStore(selectEmail);
  const accountUrl = useConfigStore(selectAccountUrl);
  const location = useLocation();

  if (status === 'loading') return null;
  if (status === 'signed-out') {
    return (
      <button type="button" className="btn btn-primary" onClick={() => signIn(currentPath(location))}>
        Sign In
      </button>
    );
  }
  const internal = sameOriginPath(accountUrl);
  return (
    <>
      {internal ? (
        <Link className="user-email" data-testid="user-email" to={internal} title="Account settings">
          {email}
        </Link>
      ) : (
        <a className="user-email" data-testid="user-email" href={accountUrl} target="_blank" rel="noopener noreferrer" title="Account settings">
          {email}
        </a>
      )}
      <button type="button" className="btn" onClick={() => void signOut()}>
        Sign Out
      </button>
    </>
  );
}

export function Header({ menuOpen, toggleRef, behindDrawer, onToggleMenu }: Props) {
  const signedIn = useAuthStore((s) => s.status === 'signed-in');
  return (
    <header className="app-header">
      <MenuToggle ref={toggleRef} open={menuOpen} controls="sidebar" onClick={onToggleMenu} />
      <div className="header-right" inert={behindDrawer}>
        {signedIn && <BalanceWidget />}
        {signedIn && <NotificationBell />}
        <span className="system-status wide-only">
          <span className="status-dot" aria-hidden="true" />
          System Operational
        </span>
        <AuthSlot />
      </div>
    </header>
  );
}
