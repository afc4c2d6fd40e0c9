import { describe, expect, it } from 'vitest';
import { routeView, type RouteView, type Viewer } from './access';
import { matchPath } from './path';
import { type RouteName, routes } from './table';

const visitor: Viewer = { signedIn: false, isAdmin: false };
const user: Viewer = { signedIn: true, isAdmin: false };
const admin: Viewer = { signedIn: true, isAdmin: true };
/** A signed-out viewer never has admin rights, whatever a stale flag says. */
const staleAdmin: Viewer = { signedIn: false, isAdmin: true };

type Row = [path: string, name: RouteName, visitor: RouteView, user: RouteView, admin: RouteView];

describe('app routes: shell and view per viewer', () => {
  const rows: Row[] = [
    ['/home', 'home', 'command-center', 'command-center', 'command-center'],
    ['/admin', 'admin', 'command-center', 'command-center', 'command-center'],
    ['/admin/unknown', 'home', 'command-center', 'command-center', 'command-center'],
    ['/home/anything/else', 'home', 'command-center', 'command-center', 'command-center'],
    ['/dashboard', 'admin-deployments', 'command-center', 'command-center', 'page'],
    ['/admin/pings', 'admin-pings', 'command-center', 'admin-only', 'page'],
    ['/admin/licenses', 'admin-licenses', 'command-center', 'admin-only', 'page'],
    ['/admin/balances', 'admin-balances', 'command-center', 'admin-only', 'page'],
    ['/licenses', 'licenses', 'public', 'page', 'page'],
    ['/balance', 'balance', 'public', 'page', 'page'],
    ['/agents', 'agents', 'public', 'page', 'page'],
    ['/deployments', 'deployments', 'public', 'page', 'page'],
    ['/app', 'deployments', 'public', 'page', 'page'],
    ['/private-deployments', 'private-deployments', 'public', 'page', 'page'],
    ['/test-dashboard', 'test-dashboard', 'public', 'page', 'page'],
    ['/account', 'account', 'public', 'page', 'page'],
    ['/auth/callback', 'auth-callback', 'page', 'page', 'page'],
  ];
  it.each(rows)('%s → %s: visitor %s, user %s, admin %s', (path, name, v, u, a) => {
    const matched = matchPath(path).name;
    expect(matched).toBe(name);
    expect(routes[matched].shell).toBe('app');
    expect(routeView(matched, visitor)).toBe(v);
    expect(routeView(matched, user)).toBe(u);
    expect(routeView(matched, admin)).toBe(a);
    expect(routeView(matched, staleAdmin)).toBe(v);
  });
});
