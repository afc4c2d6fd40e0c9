import { type ReactNode, useCallback, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { selectProductName, useConfigStore } from '../app/config-store';
import { linkTo } from '../routes/links';
import type { ResolvedRoute } from '../routes/resolve';
import { MenuToggle } from './MenuToggle';
import { MarketingFooter } from './MarketingFooter';
import { topBar } from './marketing-nav';
import { useActiveLandingSection } from './marketing-nav-active';
import { NavDropdown, type OpenedBy } from './marketing-nav-dropdown';
import './marketing.css';

/**
 * The public site's frame (public-site 2.4): top bar with the Home and Resources dropdowns (a
 * toggled menu at 768 px or less), page, footer. Menus remember the location they were opened at,
 * so any navigation closes them.
 */
export function MarketingShell({ route, children }: { route: ResolvedRoute; children: ReactNode }) {
  const productName = useConfigStore(selectProductName);
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | undefined>(undefined);
  const [menu, setMenu] = useState<{ id: string; by: OpenedBy; at: string } | undefined>(undefined);
  const open = openAt === location.key;
  const openMenu = menu?.at === location.key ? menu : undefined;
  const close = () => setOpenAt(undefined);
  const closeMenu = useCallback(() => setMenu(undefined), []);
  const section = useActiveLandingSection(route.name === 'landing');

  return (
    <div className="site">
      <header className="site-header">
        <Link to={linkTo('landing')} className="site-brand" onClick={close}>
          <span className="brand-mark" aria-hidden="true" />
          <span className="brand-name">{productName ?? '\u00a0'}</span>
          {/* the home link keeps a name for screen readers while the brand is still loading */}
          {!productName && <span className="visually-hidden">Home</span>}
        </Link>
        <MenuToggle open={open} controls="site-nav" onClick={() => setOpenAt(open ? undefined : location.key)} />
        <nav id="site-nav" className={`site-nav${open ? ' open' : ''}`} aria-label="Main">
          {topBar.map((item) =>
            item.kind === 'link' ? (
              <Link key={item.label} to={item.to} className={`site-link${route.name === item.route ? ' active' : ''}`} aria-current={route.name === item.route ? 'page' : undefined} onClick={close}>
                {item.label}
              </Link>
            ) : (
              <NavDropdown
                key={item.id}
                id={item.id}
                label={item.label}
                entries={item.entries}
                open={openMenu?.id === item.id}
                openedBy={openMenu?.id === item.id ? openMenu.by : undefined}
                onOpen={(by) => setMenu({ id: item.id, by, at: location.key })}
                onClose={closeMenu}
                current={route.name === item.route}
                activeSection={item.id === 'home' ? section : undefined}
                onNavigate={close}
              />
            ),
          )}
          <Link to={linkTo('home')} className="btn btn-primary" onClick={close}>
            Launchpad
          </Link>
        </nav>
      </header>
      <main className="site-main" id="main">
        {children}
      </main>
      <MarketingFooter />
    </div>
  );
}
