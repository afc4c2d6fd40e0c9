import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { ResolvedRoute } from '../routes/resolve';
import { Header } from './Header';
import { Sidebar } from './Sidebar';

/**
 * Sidebar + header + main. At 768 px or less the sidebar is a drawer (CSS decides the width).
 * The drawer remembers the location it was opened at, so any navigation closes it without an effect.
 */
export function AppShell({ route, children }: { route: ResolvedRoute; children: ReactNode }) {
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | undefined>(undefined);
  const open = openAt === location.key;
  const close = () => setOpenAt(undefined);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpenAt(undefined);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="app-shell">
      <Sidebar route={route} open={open} onNavigate={close} />
      {open && <div className="drawer-overlay" data-testid="drawer-overlay" onClick={close} aria-hidden="true" />}
      <div className="app-column">
        <Header menuOpen={open} onToggleMenu={() => setOpenAt(open ? undefined : location.key)} />
        <main className="app-main" id="main">
          {children}
        </main>
      </div>
    </div>
  );
}
