import type { RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import { signIn, signOut } from '../auth/session';
import { useAuthStore } from '../auth/store';
import { currentPath } from '../routes/links';
import { AccountSwitcher } from './account/AccountSwitcher';
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

/** Sign-in slot: empty while the session is being restored, then the account switcher with Sign Out, or Sign In. */
function AuthSlot() {
  const status = useAuthStore((s) => s.status);
  const location = useLocation();

  if (status === 'loading') return null;
  if (status === 'signed-out') {
    return (
      <button type="button" className="btn btn-primary" onClick={() => signIn(currentPath(location))}>
        Sign In
      </button>
    );
  }
  return (
    <>
      <AccountSwitcher />
      {/* on a phone Sign Out is in the account menu */}
      <button type="button" className="btn hide-sm" onClick={() => void signOut()}>
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
