import { docsAddressOf } from './docs-addresses';
import { type AppRouteName, type MarketingRouteName, marketingRouteNames, type RouteName, routes } from './table';

/**
 * The app bases of public-site 2.2. A path is an app path when its first segment is one of these,
 * i.e. it equals `/{base}` or starts with `/{base}/`. The spec says "equals or starts with"; a
 * plain string prefix would also capture `/agents-gallery` (a marketing page) under `/agents` and
 * `/homework` under `/home`, so the match stops at a segment boundary.
 */
export const appBases = ['home', 'dashboard', 'admin', 'licenses', 'balance', 'agents', 'deployments', 'app', 'private-deployments', 'test-dashboard'] as const;
export type AppBase = (typeof appBases)[number];

/** Admin screens that live under /admin as their own routes rather than as key/value pairs. */
export const adminPages = ['balances', 'pings', 'licenses', 'installations', 'audit', 'mail', 'customers', 'documents', 'alerts'] as const;
export type AdminPage = (typeof adminPages)[number];

export interface ParsedAppPath {
  base: AppBase;
  /** set for the admin pages above (/admin/balances, /admin/pings, …) */
  sub: AdminPage | undefined;
  /** the remaining segments read as key/value pairs; a key without a value maps to '' */
  params: Record<string, string>;
}

/** What a path names: the route and its key/value parameters. */
export interface PathMatch {
  name: RouteName;
  params: Record<string, string>;
}

/** A URI component decoded, or kept as typed when it is not valid percent-encoding. */
export function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function segmentsOf(pathname: string): string[] {
  return pathname
    .split('/')
    .filter((s) => s !== '')
    .map(decode);
}

function pairs(segments: string[]): Record<string, string> {
  const entries: [string, string][] = [];
  for (let i = 0; i < segments.length; i += 2) entries.push([segments[i] ?? '', segments[i + 1] ?? '']);
  // fromEntries defines own properties, so a key such as __proto__ cannot reach the prototype.
  return Object.fromEntries(entries);
}

export function isOneOf<T extends string>(list: readonly T[], value: string | undefined): value is T {
  return value !== undefined && (list as readonly string[]).includes(value);
}

export function isAppPath(pathname: string): boolean {
  return isOneOf(appBases, segmentsOf(pathname)[0]);
}

/** `/private-deployments/category/cloud/provider/aws` → base private-deployments, {category: cloud, provider: aws}. */
export function parseAppPath(pathname: string): ParsedAppPath | undefined {
  const [base, ...rest] = segmentsOf(pathname);
  if (!isOneOf(appBases, base)) return undefined;
  if (base === 'admin' && isOneOf(adminPages, rest[0])) return { base, sub: rest[0], params: pairs(rest.slice(1)) };
  return { base, sub: undefined, params: pairs(rest) };
}

const adminRoute: Record<AdminPage, AppRouteName> = {
  audit: 'admin-audit',
  balances: 'admin-balances',
  pings: 'admin-pings',
  licenses: 'admin-licenses',
  installations: 'admin-installation',
  mail: 'admin-mail',
  customers: 'admin-customers',
  documents: 'admin-documents',
  alerts: 'admin-alerts',
};

function appRouteOf(parsed: ParsedAppPath): AppRouteName {
  switch (parsed.base) {
    case 'home':
      return 'home';
    case 'dashboard':
      return 'admin-deployments';
    case 'admin':
      if (parsed.sub) return adminRoute[parsed.sub];
      // /admin itself, or an unknown admin path: both show the Command Center.
      return Object.keys(parsed.params).length === 0 ? 'admin' : 'home';
    case 'app':
    case 'deployments':
      return 'deployments';
    default:
      return parsed.base;
  }
}

function marketingRouteOf(segments: string[]): MarketingRouteName {
  const path = `/${segments.join('/')}`;
  // Unknown marketing paths fall back to the landing page.
  return marketingRouteNames.find((n) => routes[n].path === path) ?? 'landing';
}

/** Public-site 2.2: the route a path names, and its parameters. */
export function matchPath(pathname: string): PathMatch {
  const segments = segmentsOf(pathname);
  if (segments.join('/') === 'auth/callback') return { name: 'auth-callback', params: {} };
  if (segments[0] === 'account') return { name: 'account', params: pairs(segments.slice(1)) };
  if (segments[0] === 'teams') return { name: 'teams', params: pairs(segments.slice(1)) };
  // The invitation's secret is the one segment after /invitations, not a key/value pair.
  if (segments[0] === 'invitations') return { name: 'invitation', params: { token: segments[1] ?? '' } };
  const parsed = parseAppPath(pathname);
  if (parsed) return { name: appRouteOf(parsed), params: parsed.params };
  // a guide of /docs at its own address (routes/docs-addresses.ts)
  const guide = segments[0] === 'docs' && segments.length > 1 ? docsAddressOf(segments.slice(1)) : undefined;
  if (guide) return { name: 'docs', params: { ...guide } };
  return { name: marketingRouteOf(segments), params: {} };
}
