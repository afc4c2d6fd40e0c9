import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { ResolvedRoute } from '../routes/resolve';
import { ConfirmHost } from './ConfirmDialog';
import { Header } from './Header';
import { LiveRegion } from './LiveRegion';
import { Sidebar } from './Sidebar';
import { useDrawerFocus } from './use-drawer-focus';
import { useMediaQuery } from './use-media-query';

/**
 * Sidebar + header + main. At 768 px or less the sidebar is a drawer (CSS decides the width), a
 * modal dialog below the header, so its toggle stays in sight and closes it; the page behind is
 * inert. The drawer remembers the location it was opened at, so any navigation closes it without an effect.
 */
export function AppShell({ route, children }: { route: ResolvedRoute; children: ReactNode }) {
  const location = useLocation();
  const narrow = useMediaQuery('(max-width: 768px)');
  const [openAt, setOpenAt] = useState<string | undefined>(undefined);
  const open = openAt === location.key;
  const modal = open && narrow;
  const close = useCallback(() => setOpenAt(undefined), []);
  const drawer = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const { followLink } = useDrawerFocus({ modal, drawer, toggle, pathname: location.pathname, close });

  return (
    <div className="app-shell">
      {/* the first Tab stop: past the sidebar and header (13 stops for a user, 21 for an admin) to the page */}
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          // the router owns the address (and the hash, in the desktop app): move focus only
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <Sidebar ref={drawer} route={route} open={open} modal={modal} onNavigate={followLink} />
      {open && <div className="drawer-overlay" data-testid="drawer-overlay" onClick={close} aria-hidden="true" />}
      <div className="app-column">
        <Header menuOpen={open} toggleRef={toggle} behindDrawer={modal} onToggleMenu={() => setOpenAt(open ? undefined : location.key)} />
        <main className="app-main" id="main" tabIndex={-1} inert={modal}>
          {children}
        </main>
      </div>
      <LiveRegion />
      <ConfirmHost />
    </div>
  );
}
