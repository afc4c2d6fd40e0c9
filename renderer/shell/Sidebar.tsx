import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { selectProductName, useConfigStore } from '../app/config-store';
import { selectIsAdmin, selectSignedIn, useAuthStore } from '../auth/store';
import { linkTo } from '../routes/links';
import type { ResolvedRoute } from '../routes/resolve';
import { type RouteEntry, type SidebarEntry, sidebarRoutes } from '../routes/table';
import { Icon } from './icons';

interface Props {
  ref?: Ref<HTMLDivElement>;
  route: ResolvedRoute;
  open: boolean;
  /** open as the narrow screens' drawer: a dialog over the page */
  modal: boolean;
  /** a link was followed (to this path) */
  onNavigate: (to: string) => void;
}

function NavList({ items, route, onNavigate }: { items: (RouteEntry & { sidebar: SidebarEntry })[]; route: ResolvedRoute; onNavigate: (to: string) => void }) {
  return (
    <ul className="stack-list nav-list">
      {items.map((item) => {
        const active = item.name === route.name || (item.name === 'home' && route.name === 'admin');
        return (
          <li key={item.name}>
            <Link to={linkTo(item.name)} className={`nav-item${active ? ' active' : ''}`} aria-current={active ? 'page' : undefined} onClick={() => onNavigate(linkTo(item.name))}>
              <Icon name={item.sidebar.icon} />
              <span className="nav-label">{item.sidebar.label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Product title, a way back to the main site, the app screens and, for admins, the Admin section. */
export function Sidebar({ ref, route, open, modal, onNavigate }: Props) {
  const productName = useConfigStore(selectProductName);
  const signedIn = useAuthStore(selectSignedIn);
  const isAdmin = useAuthStore(selectIsAdmin);
  const main = sidebarRoutes('main').filter((r) => signedIn || !r.sidebar.signedInOnly);

  return (
    // A div with the aside's role: an <aside> may not be a dialog, which the narrow screens' drawer is.
    <div ref={ref} id="sidebar" className={`sidebar${open ? ' open' : ''}`} data-testid="sidebar" aria-label="Launchpad navigation" role={modal ? 'dialog' : 'complementary'}>
      <div className="sidebar-brand">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-text">
          <span className="brand-name">{productName ?? '\u00a0'}</span>
          <span className="brand-sub">Launchpad</span>
        </span>
      </div>
      <Link to={linkTo('landing')} className="back-link" onClick={() => onNavigate(linkTo('landing'))}>
        <Icon name="back" size={14} />
        Back to main site
      </Link>
      <nav aria-label="Launchpad">
        <p className="nav-caption hide-sm">Launchpad</p>
        <NavList items={main} route={route} onNavigate={onNavigate} />
      </nav>
      {isAdmin && (
        <nav aria-label="Admin" data-testid="admin-section">
          <p className="nav-caption hide-sm">Admin</p>
          <NavList items={sidebarRoutes('admin')} route={route} onNavigate={onNavigate} />
        </nav>
      )}
    </div>
  );
}
