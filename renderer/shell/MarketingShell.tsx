import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { selectProductName, useConfigStore } from '../app/config-store';
import type { RouteName } from '../routes/meta';
import { type ResolvedRoute, linkTo } from '../routes/resolve';
import { Icon } from './icons';
import { MarketingFooter } from './MarketingFooter';

/** Top-bar items (public-site 2.4); the dropdowns of Home and Resources come with the public-site pages. */
const topBar: [label: string, name: RouteName][] = [
  ['Home', 'landing'],
  ['Code', 'code'],
  ['Agents', 'agents-gallery'],
  ['Deployment', 'deployment'],
  ['Comparison', 'comparison'],
  ['Pricing', 'pricing'],
  ['Docs', 'docs'],
  ['Resources', 'resources'],
];

/** The public site's frame: top bar (a toggled menu at 768 px or less), page, footer. */
export function MarketingShell({ route, children }: { route: ResolvedRoute; children: ReactNode }) {
  const productName = useConfigStore(selectProductName);
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | undefined>(undefined);
  const open = openAt === location.key;
  const close = () => setOpenAt(undefined);

  return (
    <div className="site">
      <header className="site-header">
        <Link to={linkTo('landing')} className="site-brand" onClick={close}>
          <span className="brand-mark" aria-hidden="true" />
          <span className="brand-name">{productName ?? '\u00a0'}</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          data-testid="menu-toggle"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpenAt(open ? undefined : location.key)}
        >
          <Icon name={open ? 'close' : 'menu'} size={20} />
        </button>
        <nav id="site-nav" className={`site-nav${open ? ' open' : ''}`} aria-label="Main">
          {topBar.map(([label, name]) => (
            <Link key={name} to={linkTo(name)} className={`site-link${route.name === name ? ' active' : ''}`} aria-current={route.name === name ? 'page' : undefined} onClick={close}>
              {label}
            </Link>
          ))}
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
