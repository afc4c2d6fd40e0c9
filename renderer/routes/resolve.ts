import { defaultBrand } from '../../shared/brand';
import { routeView, type RouteView, type Viewer } from './access';
import type { RouteLocation } from './links';
import { decode, matchPath } from './path';
import { type Selection, selectionOf } from './selection';
import { type RouteName, routes, type Shell } from './table';

export interface ResolvedRoute {
  /** the route the address names (for /dashboard seen by a non-admin still `admin-deployments`; `view` says what shows) */
  name: RouteName;
  shell: Shell;
  params: Record<string, string>;
  query: Record<string, string>;
  /** without the leading '#' */
  hash: string;
  title: string;
  view: RouteView;
  selection: Selection;
}

/** Public-site 2.2: which route, shell and view an address gets for this viewer. */
export function resolveRoute(location: RouteLocation, viewer: Viewer, brandId: string = defaultBrand.id): ResolvedRoute {
  const { name, params } = matchPath(location.pathname);
  const query: Record<string, string> = Object.fromEntries(new URLSearchParams(location.search));
  const hash = decode(location.hash.replace(/^#/, ''));
  const route = routes[name];
  return {
    name,
    shell: route.shell,
    params,
    query,
    hash,
    title: route.title,
    view: routeView(name, viewer),
    selection: selectionOf(name, params, query, hash, brandId),
  };
}

/** `Pricing | Helix`; before the public config arrives, just the route's title. */
export function documentTitle(title: string, productName: string | undefined): string {
  return productName ? `${title} | ${productName}` : title;
}
