/**
 * The pure half of the route table: every route's name, path, shell, title and sign-in needs.
 * `table.tsx` adds the lazily loaded page and the sidebar entry; `resolve.ts` uses this to map an
 * address to a route without React, so the mapping is unit-tested in a plain node environment.
 */

export const marketingRouteNames = [
  'landing',
  'pricing',
  'deployment',
  'docs',
  'resources',
  'comparison',
  'service-providers',
  'code',
  'agents-gallery',
  'privacy-policy',
  'terms-of-service',
  'cookie-policy',
] as const;

export const appRouteNames = [
  'home',
  'admin',
  'admin-deployments',
  'admin-pings',
  'admin-licenses',
  'admin-balances',
  'licenses',
  'balance',
  'agents',
  'deployments',
  'private-deployments',
  'test-dashboard',
  'account',
  'auth-callback',
] as const;

export type MarketingRouteName = (typeof marketingRouteNames)[number];
export type AppRouteName = (typeof appRouteNames)[number];
export type RouteName = MarketingRouteName | AppRouteName;

export type Shell = 'marketing' | 'app';
/** public: the same for everyone; user: signed-out visitors get the read-only public view; admin: admins only. */
export type RouteAuth = 'public' | 'user' | 'admin';

export interface RouteMeta {
  /** the canonical path; key/value parameters are appended as further segments */
  path: string;
  shell: Shell;
  auth: RouteAuth;
  /** the document title (before ` | {product}`) */
  title: string;
  /** the page's h1 when it differs from the title */
  heading?: string;
  /** always shows the Command Center (/home and /admin) */
  commandCenter?: boolean;
  /** what a signed-in non-admin sees on an admin route: nothing, or the Command Center (/dashboard) */
  deniedView?: 'nothing' | 'command-center';
}

const marketing = (path: string, title: string): RouteMeta => ({ path, shell: 'marketing', auth: 'public', title });

export const routeMeta: Record<RouteName, RouteMeta> = {
  landing: marketing('/', 'AI Agents on a Private GenAI Stack'),
  pricing: marketing('/pricing', 'Pricing'),
  deployment: marketing('/deployment', 'Deployment Options'),
  docs: marketing('/docs', 'Documentation'),
  resources: marketing('/resources', 'Resources'),
  comparison: marketing('/comparison', 'Comparison'),
  'service-providers': marketing('/service-providers', 'Service Providers'),
  code: marketing('/code', 'Code'),
  'agents-gallery': marketing('/agents-gallery', 'Agent Gallery'),
  'privacy-policy': marketing('/privacy-policy', 'Privacy Policy'),
  'terms-of-service': marketing('/terms-of-service', 'Terms of Service'),
  'cookie-policy': marketing('/cookie-policy', 'Cookie Policy'),

  home: { path: '/home', shell: 'app', auth: 'public', title: 'Command Center', commandCenter: true },
  admin: { path: '/admin', shell: 'app', auth: 'public', title: 'Command Center', commandCenter: true },
  'admin-deployments': {
    path: '/dashboard',
    shell: 'app',
    auth: 'admin',
    title: 'Dashboard',
    heading: 'Deployment Dashboard',
    deniedView: 'command-center',
  },
  'admin-pings': { path: '/admin/pings', shell: 'app', auth: 'admin', title: 'Ping Dashboard', deniedView: 'nothing' },
  'admin-licenses': { path: '/admin/licenses', shell: 'app', auth: 'admin', title: 'License Admin', deniedView: 'nothing' },
  'admin-balances': { path: '/admin/balances', shell: 'app', auth: 'admin', title: 'Manage User Balance', deniedView: 'nothing' },
  licenses: { path: '/licenses', shell: 'app', auth: 'user', title: 'Licenses' },
  balance: { path: '/balance', shell: 'app', auth: 'user', title: 'Balance & Billing' },
  agents: { path: '/agents', shell: 'app', auth: 'user', title: 'Agent Gallery' },
  deployments: { path: '/deployments', shell: 'app', auth: 'user', title: 'Hosted Deployments' },
  'private-deployments': { path: '/private-deployments', shell: 'app', auth: 'user', title: 'Private Deployments' },
  'test-dashboard': { path: '/test-dashboard', shell: 'app', auth: 'user', title: 'Test Dashboard' },
  // Not in the spec: the sign-in return address and the personal API-key settings.
  account: { path: '/account', shell: 'app', auth: 'user', title: 'Account' },
  'auth-callback': { path: '/auth/callback', shell: 'app', auth: 'public', title: 'Signing in' },
};

/** The h1 of a route's page. */
export function headingOf(name: RouteName): string {
  const meta = routeMeta[name];
  return meta.heading ?? meta.title;
}
