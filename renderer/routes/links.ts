import { type AppRouteName, type RouteName, routes } from './table';

type LinkParams<N extends RouteName> = N extends AppRouteName ? Record<string, string> : never;

export interface LinkExtras {
  query?: Record<string, string>;
  hash?: string;
}

/**
 * The path of a named route. App routes take key/value parameters as further segments
 * (`linkTo('deployments', {type: 'trial-vm'})` → `/deployments/type/trial-vm`); empty values are left out.
 */
export function linkTo<N extends RouteName>(name: N, params?: LinkParams<N>, extras: LinkExtras = {}): string {
  const base = routes[name].path;
  const segments = Object.entries(params ?? {})
    .filter(([, v]) => v !== '')
    .flatMap(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)]);
  let path = segments.length > 0 ? `${base === '/' ? '' : base}/${segments.join('/')}` : base;
  const search = new URLSearchParams(extras.query ?? {}).toString();
  if (search) path += `?${search}`;
  if (extras.hash) path += `#${encodeURIComponent(extras.hash)}`;
  return path;
}

export interface RouteLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** The address to come back to after signing in. */
export function currentPath(location: RouteLocation): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
