import { routePaths, type RoutePathName } from '../../shared/routes/app-paths';
import type { IconName } from '../shell/icons';

/**
 * THE route table: every screen once, with its name, path, shell, title, who may see it, the page
 * it loads and its sidebar entry. Plain data without React, so the path parser, the build's
 * preload hints and the end-to-end specs read the same table (`pages.ts` turns `page` into the
 * lazily loaded component). Sidebar order is the order of the entries below.
 */

export type Shell = 'marketing' | 'app';
/** visitor: the same for everyone; user: signed-out visitors get the read-only public view; admin: admins only (`access.ts`). */
export type RouteAuth = 'visitor' | 'user' | 'admin';

export interface SidebarEntry {
  label: string;
  icon: IconName;
  /** the Admin group is rendered for admins only */
  group: 'main' | 'admin';
  /** signed-in only items (Account) stay hidden from visitors */
  signedInOnly?: boolean;
}

interface RouteDefinition {
  /** the canonical path; app routes take key/value parameters as further segments */
  path: string;
  shell: Shell;
  auth: RouteAuth;
  /** the document title (before ` | {product}`) */
  title: string;
  /** marketing and server-rendered pages: the meta and social-card description (`{product}` is replaced by the product name) */
  description?: string;
  /**
   * an app page the server renders like a marketing page (its title and description in the head,
   * shown before the session is known): the agent gallery, and the pages whose signed-out view is
   * the same for everyone, their session-dependent parts held back until the session is known (`SessionPending`)
   */
  serverRendered?: boolean;
  /** a server-rendered page left out of the sitemap (nothing there for a search result) */
  unlisted?: boolean;
  /** the page's h1 when it differs from the title */
  heading?: string;
  /** the page module under renderer/pages, loaded on first use */
  page: string;
  sidebar?: SidebarEntry;
  /** always shows the Command Center (/home and /admin) */
  commandCenter?: boolean;
  /** what a signed-in non-admin sees on an admin route: a page saying it is for administrators, or the Command Center (/dashboard) */
  deniedView?: 'admin-only' | 'command-center';
}

const marketing = (path: string, title: string, page: string, description: string) => ({ path, shell: 'marketing', auth: 'visitor', title, page, description }) as const;

const definitions = {
  home: {
    path: routePaths.home,
    shell: 'app',
    auth: 'visitor',
    title: 'Command Center',
    description: 'Your {product} Command Center: deploy a featured AI agent, set up a private deployment on your own cloud or servers, and see your hosted deployments and licenses.',
    serverRendered: true,
    commandCenter: true,
    page: 'home/CommandCenterPage',
    sidebar: { label: 'Home', icon: 'home', group: 'main' },
  },
  agents: {
    path: routePaths.agents,
    shell: 'app',
    auth: 'user',
    title: 'Agent Gallery',
    description: 'Pre-configured AI agents by industry: pick one and deploy it to {product} Cloud, your local installation or a private deployment in one click.',
    serverRendered: true,
    page: 'agents/AgentsPage',
    sidebar: { label: 'Agents', icon: 'agents', group: 'main' },
  },
  deployments: {
    path: routePaths.deployments,
    shell: 'app',
    auth: 'user',
    title: 'Hosted Deployments',
    page: 'deployments/DeploymentsPage',
    sidebar: { label: 'Hosted Deployments', icon: 'cloud', group: 'main' },
  },
  'private-deployments': {
    path: routePaths['private-deployments'],
    shell: 'app',
    auth: 'user',
    title: 'Private Deployments',
    page: 'private-deployments/PrivateDeploymentsPage',
    sidebar: { label: 'Private Deployments', icon: 'server', group: 'main' },
  },
  licenses: {
    path: routePaths.licenses,
    shell: 'app',
    auth: 'user',
    title: 'Licenses',
    page: 'licenses/LicensesPage',
    sidebar: { label: 'Licenses', icon: 'key', group: 'main' },
  },
  balance: {
    path: routePaths.balance,
    shell: 'app',
    auth: 'user',
    title: 'Balance & Billing',
    page: 'balance/BalancePage',
    sidebar: { label: 'Balance', icon: 'wallet', group: 'main' },
  },
  // Issue 34: the teams you belong to (/teams), one team (/teams/id/<team id>).
  teams: {
    path: routePaths.teams,
    shell: 'app',
    auth: 'user',
    title: 'Teams',
    page: 'teams/TeamsPage',
    sidebar: { label: 'Teams', icon: 'team', group: 'main', signedInOnly: true },
  },
  // Issue 34: where an invitation e-mail's link opens (/invitations/<token>).
  invitation: { path: routePaths.invitation, shell: 'app', auth: 'user', title: 'Team invitation', page: 'invitation/InvitationPage' },
  // Not in the spec: the personal API-key settings.
  account: {
    path: routePaths.account,
    shell: 'app',
    auth: 'user',
    title: 'Account',
    page: 'account/AccountPage',
    sidebar: { label: 'Account', icon: 'user', group: 'main', signedInOnly: true },
  },
  'admin-deployments': {
    path: routePaths['admin-deployments'],
    shell: 'app',
    auth: 'admin',
    title: 'Dashboard',
    heading: 'Deployment Dashboard',
    deniedView: 'command-center',
    page: 'admin-deployments/DeploymentDashboardPage',
    sidebar: { label: 'Deployment Dashboard', icon: 'gauge', group: 'admin' },
  },
  'admin-pings': {
    path: routePaths['admin-pings'],
    shell: 'app',
    auth: 'admin',
    title: 'Ping Dashboard',
    deniedView: 'admin-only',
    page: 'admin-pings/PingDashboardPage',
    sidebar: { label: 'Ping Dashboard', icon: 'signal', group: 'admin' },
  },
  // Issue #22: one installation of the Ping Dashboard (/admin/installations/id/<row id>).
  'admin-installation': {
    path: routePaths['admin-installation'],
    shell: 'app',
    auth: 'admin',
    title: 'Installation',
    deniedView: 'admin-only',
    page: 'admin-pings/InstallationPage',
  },
  'admin-licenses': {
    path: routePaths['admin-licenses'],
    shell: 'app',
    auth: 'admin',
    title: 'License Admin',
    deniedView: 'admin-only',
    page: 'admin-licenses/LicenseAdminPage',
    sidebar: { label: 'License Admin', icon: 'shield', group: 'admin' },
  },
  'admin-balances': {
    path: routePaths['admin-balances'],
    shell: 'app',
    auth: 'admin',
    title: 'Manage User Balance',
    deniedView: 'admin-only',
    page: 'admin-balances/ManageBalancePage',
    sidebar: { label: 'Manage User Balance', icon: 'coins', group: 'admin' },
  },
  // Issue 46: every account's invoices, receipts and credit notes (?account=<id> for one account's).
  'admin-documents': {
    path: routePaths['admin-documents'],
    shell: 'app',
    auth: 'admin',
    title: 'Documents',
    deniedView: 'admin-only',
    page: 'admin-documents/DocumentsAdminPage',
    sidebar: { label: 'Documents', icon: 'wallet', group: 'admin' },
  },
  // Issue #30: one page per customer. /admin/customers searches (?search=…, or ?email=… opens that
  // account's page); /admin/customers/id/<user id> is one customer's page.
  'admin-customers': {
    path: routePaths['admin-customers'],
    shell: 'app',
    auth: 'admin',
    title: 'Customers',
    deniedView: 'admin-only',
    page: 'admin-customers/CustomersPage',
    sidebar: { label: 'Customers', icon: 'user', group: 'admin' },
  },
  'admin-mail': {
    path: routePaths['admin-mail'],
    shell: 'app',
    auth: 'admin',
    title: 'Sent Mail',
    deniedView: 'admin-only',
    page: 'admin-mail/SentMailPage',
    sidebar: { label: 'Sent Mail', icon: 'mail', group: 'admin' },
  },
  'admin-audit': {
    path: routePaths['admin-audit'],
    shell: 'app',
    auth: 'admin',
    title: 'Audit Log',
    deniedView: 'admin-only',
    page: 'admin-audit/AuditLogPage',
    sidebar: { label: 'Audit Log', icon: 'shield', group: 'admin' },
  },
  // Issue #45: every administrator alert with its history, acknowledgement, test sends and webhook deliveries.
  'admin-alerts': {
    path: routePaths['admin-alerts'],
    shell: 'app',
    auth: 'admin',
    title: 'Alerts',
    deniedView: 'admin-only',
    page: 'admin-alerts/AlertsPage',
    sidebar: { label: 'Alerts', icon: 'bell', group: 'admin' },
  },
  // Open to every signed-in user, but listed in the sidebar for admins only (spec).
  'test-dashboard': {
    path: routePaths['test-dashboard'],
    shell: 'app',
    auth: 'user',
    title: 'Test Dashboard',
    description: "{product}'s continuous-integration test runs with their logs, screenshots and LLM conversation logs, for signed-in users.",
    // a sign-in prompt to a visitor: rendered at once, but nothing to list in a search engine
    serverRendered: true,
    unlisted: true,
    page: 'test-dashboard/TestDashboardPage',
    sidebar: { label: 'Test Dashboard', icon: 'flask', group: 'admin' },
  },
  admin: { path: routePaths.admin, shell: 'app', auth: 'visitor', title: 'Command Center', commandCenter: true, page: 'home/CommandCenterPage' },
  // Not in the spec: the sign-in return address.
  'auth-callback': { path: routePaths['auth-callback'], shell: 'app', auth: 'visitor', title: 'Signing in', page: 'auth-callback/AuthCallbackPage' },

  landing: marketing(
    routePaths.landing,
    'AI Agents on a Private GenAI Stack',
    'marketing/LandingPage',
    'Run AI agents, models, retrieval and GPU scheduling on your own infrastructure with {product}: a private generative-AI platform built for data sovereignty.',
  ),
  pricing: marketing(
    routePaths.pricing,
    'Pricing',
    'marketing/PricingPage',
    '{product} pricing: enterprise licenses from 10 users, managed and hosted GPUs, support plans, a pilot program and a free community edition, with a license calculator.',
  ),
  deployment: marketing(
    routePaths.deployment,
    'Deployment Options',
    'marketing/DeploymentPage',
    'Deploy {product} your way: the hosted platform, a trial VM with free credit, dedicated GPUs, or a private install on your laptop, your cloud or on-premises.',
  ),
  docs: marketing(
    routePaths.docs,
    'Documentation',
    'marketing/DocsPage',
    'Set up {product} step by step: local, cloud (AWS, GCP, Azure, OCI), on-premises (Docker Compose, Kubernetes, Rancher, VMware) and hybrid guides.',
  ),
  resources: marketing(
    routePaths.resources,
    'Resources',
    'marketing/ResourcesPage',
    'Technical architecture, compliance and legal, an ROI calculator with a printable report, and an IT implementation guide for {product}.',
  ),
  comparison: marketing(
    routePaths.comparison,
    'Comparison',
    'marketing/ComparisonPage',
    'How {product} compares with SaaS AI providers, open-source and build-it-yourself stacks, and enterprise GPU vendor stacks, capability by capability.',
  ),
  'service-providers': marketing(
    routePaths['service-providers'],
    'Service Providers',
    'marketing/ServiceProvidersPage',
    'Resell {product} as your own: a white-label, multi-tenant, usage-billed private AI platform for service providers and partners.',
  ),
  code: marketing(
    routePaths.code,
    'Code',
    'marketing/CodePage',
    'Coding agents with their own GPU-accelerated Linux desktops, spec-first work and a kanban board to follow them: {product} Code, in private beta.',
  ),
  'agents-gallery': marketing(
    routePaths['agents-gallery'],
    'Agent Gallery',
    'marketing/AgentsGalleryPage',
    'Pre-configured AI agents for finance, healthcare and the enterprise: browse the {product} gallery and deploy an agent to your own platform in one click.',
  ),
  'privacy-policy': marketing(
    routePaths['privacy-policy'],
    'Privacy Policy',
    'marketing/PrivacyPolicyPage',
    'How {product} collects, uses and protects personal data, and the choices and rights you have.',
  ),
  'terms-of-service': marketing(
    routePaths['terms-of-service'],
    'Terms of Service',
    'marketing/TermsOfServicePage',
    'The {product} Subscription Service Agreement: subscriptions, payment, liability, governing law and notices.',
  ),
  'cookie-policy': marketing(
    routePaths['cookie-policy'],
    'Cookie Policy',
    'marketing/CookiePolicyPage',
    'The cookies {product} uses (essential, analytics, functional, marketing), their providers, and how to opt out.',
  ),
} as const satisfies Record<RoutePathName, RouteDefinition>;

export type RouteName = keyof typeof definitions;
export type MarketingRouteName = { [N in RouteName]: (typeof definitions)[N]['shell'] extends 'marketing' ? N : never }[RouteName];
export type AppRouteName = Exclude<RouteName, MarketingRouteName>;

export interface RouteEntry extends RouteDefinition {
  name: RouteName;
}

export const routeNames = Object.keys(definitions) as RouteName[];

export const routes = Object.fromEntries(routeNames.map((name) => [name, { ...definitions[name], name }])) as Record<RouteName, RouteEntry>;

export const marketingRouteNames = routeNames.filter((n): n is MarketingRouteName => routes[n].shell === 'marketing');
export const appRouteNames = routeNames.filter((n): n is AppRouteName => routes[n].shell === 'app');
/** Every page the server renders: the marketing pages and the server-rendered app pages (the sitemap's list). */
export const serverRenderedRouteNames = routeNames.filter((n) => routes[n].shell === 'marketing' || routes[n].serverRendered === true);

/** The h1 of a route's page. */
export function headingOf(name: RouteName): string {
  const route = routes[name];
  return route.heading ?? route.title;
}

/** Sidebar items of one group, in table order. */
export function sidebarRoutes(group: SidebarEntry['group']): (RouteEntry & { sidebar: SidebarEntry })[] {
  return Object.values(routes).filter((r): r is RouteEntry & { sidebar: SidebarEntry } => r.sidebar?.group === group);
}
