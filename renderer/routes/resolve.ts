import { cloudTypeSlug, defaultBrand } from '../../shared/brand';
import { licenseTypes, type LicenseType } from '../../shared/licenses/vocabulary';
import { type AppRouteName, type MarketingRouteName, marketingRouteNames, type RouteName, type Shell, routeMeta } from './meta';

export type { AppRouteName, MarketingRouteName, RouteName, Shell } from './meta';

/**
 * The app bases of public-site 2.2. A path is an app path when its first segment is one of these,
 * i.e. it equals `/{base}` or starts with `/{base}/`. The spec says "equals or starts with"; a
 * plain string prefix would also capture `/agents-gallery` (a marketing page) under `/agents` and
 * `/homework` under `/home`, so the match stops at a segment boundary.
 */
export const appBases = [
  'home',
  'dashboard',
  'admin',
  'licenses',
  'balance',
  'agents',
  'deployments',
  'app',
  'private-deployments',
  'test-dashboard',
] as const;
export type AppBase = (typeof appBases)[number];

/** Admin screens that live under /admin as their own routes rather than as key/value pairs. */
export const adminPages = ['balances', 'pings', 'licenses'] as const;
export type AdminPage = (typeof adminPages)[number];

export const privateCategories = ['local', 'cloud', 'onprem', 'hybrid'] as const;
export type PrivateCategory = (typeof privateCategories)[number];
export const cloudProviders = ['aws', 'gcp', 'azure', 'oci'] as const;
export type CloudProvider = (typeof cloudProviders)[number];
export const onpremPlatforms = ['docker', 'kubernetes', 'gke', 'rancher', 'vmware'] as const;
export type OnpremPlatform = (typeof onpremPlatforms)[number];

/** The hosted deployment types a path may preselect: `{brand}-cloud`, `trial-vm`, `gpu-instance`. */
export function deploymentTypes(brandId: string = defaultBrand.id): string[] {
  return [cloudTypeSlug({ id: brandId, name: '' }), 'trial-vm', 'gpu-instance'];
}

export interface ParsedAppPath {
  base: AppBase;
  /** set for /admin/balances, /admin/pings and /admin/licenses */
  sub: AdminPage | undefined;
  /** the remaining segments read as key/value pairs; a key without a value maps to '' */
  params: Record<string, string>;
}

/** What a page preselects from the address; only valid values appear here. */
export interface Selection {
  deploymentType?: string;
  licenseType?: LicenseType;
  category?: PrivateCategory;
  provider?: CloudProvider;
  platform?: OnpremPlatform;
  /** test run id from ?run= */
  run?: string;
}

/** page: the route's page; public: its signed-out read-only view; command-center: the Command Center instead; nothing: an empty main area. */
export type RouteView = 'page' | 'public' | 'command-center' | 'nothing';

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

export interface RouteLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface Viewer {
  signedIn: boolean;
  isAdmin: boolean;
}

function decode(s: string): string {
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

function isOneOf<T extends string>(list: readonly T[], value: string | undefined): value is T {
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
  balances: 'admin-balances',
  pings: 'admin-pings',
  licenses: 'admin-licenses',
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

function marketingRouteOf(pathname: string): MarketingRouteName {
  const path = `/${segmentsOf(pathname).join('/')}`;
  // Unknown marketing paths fall back to the landing page.
  return marketingRouteNames.find((n) => routeMeta[n].path === path) ?? 'landing';
}

/**
 * Public-site 4: a hash beginning cloud- or cloud-providers selects cloud, onprem- or on-premises
 * on-prem, local- or local-machine local, hybrid hybrid. A bare category id (#cloud) selects it
 * too, since that is what people type; anything else selects nothing.
 */
export function categoryFromHash(hash: string): Pick<Selection, 'category'> {
  const h = hash.toLowerCase();
  if (isOneOf(privateCategories, h)) return { category: h };
  if (h.startsWith('cloud-')) return { category: 'cloud' };
  if (h.startsWith('onprem-') || h.startsWith('on-premises')) return { category: 'onprem' };
  if (h.startsWith('local-') || h.startsWith('local-machine')) return { category: 'local' };
  if (h.startsWith('hybrid')) return { category: 'hybrid' };
  return {};
}

function selectionOf(name: RouteName, params: Record<string, string>, query: Record<string, string>, hash: string, brandId: string): Selection {
  switch (name) {
    case 'deployments':
      // An unknown type still shows the deployments page, just without a preselected card.
      return deploymentTypes(brandId).includes(params.type ?? '') ? { deploymentType: params.type } : {};
    case 'licenses': {
      const licenseType = [hash, params.type, query.type].find((v) => isOneOf(licenseTypes, v));
      return isOneOf(licenseTypes, licenseType) ? { licenseType } : {};
    }
    case 'private-deployments': {
      const { category, provider, platform } = params;
      if (!isOneOf(privateCategories, category)) return categoryFromHash(hash);
      if (category === 'cloud' && isOneOf(cloudProviders, provider)) return { category, provider };
      if (category === 'onprem' && isOneOf(onpremPlatforms, platform)) return { category, platform };
      return { category };
    }
    case 'docs':
      return categoryFromHash(hash);
    case 'test-dashboard':
      return query.run ? { run: query.run } : {};
    default:
      return {};
  }
}

function viewOf(name: RouteName, viewer: Viewer): RouteView {
  const meta = routeMeta[name];
  if (meta.commandCenter) return 'command-center';
  if (meta.auth === 'public') return 'page';
  if (!viewer.signedIn) return meta.auth === 'admin' ? 'command-center' : 'public';
  if (meta.auth === 'admin' && !viewer.isAdmin) return meta.deniedView ?? 'nothing';
  return 'page';
}

/** Public-site 2.2: which route, shell and view an address gets for this viewer. */
export function resolveRoute(location: RouteLocation, viewer: Viewer, brandId: string = defaultBrand.id): ResolvedRoute {
  const segments = segmentsOf(location.pathname);
  const query: Record<string, string> = Object.fromEntries(new URLSearchParams(location.search));
  const hash = decode(location.hash.replace(/^#/, ''));

  let name: RouteName;
  let params: Record<string, string> = {};
  const parsed = parseAppPath(location.pathname);
  if (segments.join('/') === 'auth/callback') {
    name = 'auth-callback';
  } else if (segments[0] === 'account') {
    name = 'account';
    params = pairs(segments.slice(1));
  } else if (parsed) {
    name = appRouteOf(parsed);
    params = parsed.params;
  } else {
    name = marketingRouteOf(location.pathname);
  }

  const meta = routeMeta[name];
  return {
    name,
    shell: meta.shell,
    params,
    query,
    hash,
    title: meta.title,
    view: viewOf(name, viewer),
    selection: selectionOf(name, params, query, hash, brandId),
  };
}

/** `Pricing | Helix`; before the public config arrives, just the route's title. */
export function documentTitle(title: string, productName: string | undefined): string {
  return productName ? `${title} | ${productName}` : title;
}

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
  const base = routeMeta[name].path;
  const segments = Object.entries(params ?? {})
    .filter(([, v]) => v !== '')
    .flatMap(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)]);
  let path = segments.length > 0 ? `${base === '/' ? '' : base}/${segments.join('/')}` : base;
  const search = new URLSearchParams(extras.query ?? {}).toString();
  if (search) path += `?${search}`;
  if (extras.hash) path += `#${encodeURIComponent(extras.hash)}`;
  return path;
}

/** The address to come back to after signing in. */
export function currentPath(location: RouteLocation): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
