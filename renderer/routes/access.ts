import { type RouteName, routes } from './table';

export interface Viewer {
  signedIn: boolean;
  isAdmin: boolean;
}

/** page: the route's page; public: its signed-out read-only view; command-center: the Command Center instead; admin-only: a page saying it is for administrators. */
export type RouteView = 'page' | 'public' | 'command-center' | 'admin-only';

/**
 * Who may see a route, and what everyone else gets instead: a visitor on a user route its public
 * view, a visitor on an admin route the Command Center, a signed-in non-admin on an admin route the
 * route's `deniedView`. A signed-out viewer never has admin rights, whatever a stale flag says.
 */
export function routeView(name: RouteName, viewer: Viewer): RouteView {
  const route = routes[name];
  if (route.commandCenter) return 'command-center';
  if (route.auth === 'visitor') return 'page';
  if (!viewer.signedIn) return route.auth === 'admin' ? 'command-center' : 'public';
  if (route.auth === 'admin' && !viewer.isAdmin) return route.deniedView ?? 'admin-only';
  return 'page';
}
