import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { IconName } from '../shell/icons';
import { type RouteMeta, type RouteName, routeMeta } from './meta';
import type { ResolvedRoute } from './resolve';

/** Every page receives the resolved route: params, query, hash, preselection and whether it is the public view. */
export interface PageProps {
  route: ResolvedRoute;
}

export type PageComponent = LazyExoticComponent<ComponentType<PageProps>>;

export interface SidebarEntry {
  label: string;
  icon: IconName;
  /** the Admin section is rendered for admins only */
  section: 'main' | 'admin';
  /** signed-in only items (Account) stay hidden from visitors */
  signedInOnly?: boolean;
}

export interface RouteEntry extends RouteMeta {
  name: RouteName;
  component: PageComponent;
  sidebar?: SidebarEntry;
}

type Loader = () => Promise<{ default: ComponentType<PageProps> }>;

const commandCenter: Loader = () => import('../pages/home/CommandCenterPage');

/**
 * THE route table: path, title and sign-in needs come from `meta.ts` (pure, shared with the
 * resolver); this adds the lazily loaded page and the sidebar entry. Sidebar order is the order
 * of the entries below.
 */
const entries: { [N in RouteName]: { load: Loader; sidebar?: SidebarEntry } } = {
  home: { load: commandCenter, sidebar: { label: 'Home', icon: 'home', section: 'main' } },
  agents: { load: () => import('../pages/agents/AgentsPage'), sidebar: { label: 'Agents', icon: 'agents', section: 'main' } },
  deployments: {
    load: () => import('../pages/deployments/DeploymentsPage'),
    sidebar: { label: 'Hosted Deployments', icon: 'cloud', section: 'main' },
  },
  'private-deployments': {
    load: () => import('../pages/private-deployments/PrivateDeploymentsPage'),
    sidebar: { label: 'Private Deployments', icon: 'server', section: 'main' },
  },
  licenses: { load: () => import('../pages/licenses/LicensesPage'), sidebar: { label: 'Licenses', icon: 'key', section: 'main' } },
  balance: { load: () => import('../pages/balance/BalancePage'), sidebar: { label: 'Balance', icon: 'wallet', section: 'main' } },
  account: {
    load: () => import('../pages/account/AccountPage'),
    sidebar: { label: 'Account', icon: 'user', section: 'main', signedInOnly: true },
  },
  'admin-deployments': {
    load: () => import('../pages/admin-deployments/DeploymentDashboardPage'),
    sidebar: { label: 'Deployment Dashboard', icon: 'gauge', section: 'admin' },
  },
  'admin-pings': {
    load: () => import('../pages/admin-pings/PingDashboardPage'),
    sidebar: { label: 'Ping Dashboard', icon: 'signal', section: 'admin' },
  },
  'admin-licenses': {
    load: () => import('../pages/admin-licenses/LicenseAdminPage'),
    sidebar: { label: 'License Admin', icon: 'shield', section: 'admin' },
  },
  'admin-balances': {
    load: () => import('../pages/admin-balances/ManageBalancePage'),
    sidebar: { label: 'Manage User Balance', icon: 'coins', section: 'admin' },
  },
  // Open to every signed-in user, but listed in the sidebar for admins only (spec).
  'test-dashboard': {
    load: () => import('../pages/test-dashboard/TestDashboardPage'),
    sidebar: { label: 'Test Dashboard', icon: 'flask', section: 'admin' },
  },
  admin: { load: commandCenter },
  'auth-callback': { load: () => import('../pages/auth-callback/AuthCallbackPage') },

  landing: { load: () => import('../pages/marketing/LandingPage') },
  pricing: { load: () => import('../pages/marketing/PricingPage') },
  deployment: { load: () => import('../pages/marketing/DeploymentPage') },
  docs: { load: () => import('../pages/marketing/DocsPage') },
  resources: { load: () => import('../pages/marketing/ResourcesPage') },
  comparison: { load: () => import('../pages/marketing/ComparisonPage') },
  'service-providers': { load: () => import('../pages/marketing/ServiceProvidersPage') },
  code: { load: () => import('../pages/marketing/CodePage') },
  'agents-gallery': { load: () => import('../pages/marketing/AgentsGalleryPage') },
  'privacy-policy': { load: () => import('../pages/marketing/PrivacyPolicyPage') },
  'terms-of-service': { load: () => import('../pages/marketing/TermsOfServicePage') },
  'cookie-policy': { load: () => import('../pages/marketing/CookiePolicyPage') },
};

// One lazy component per loader, so /home and /admin share the Command Center's chunk and state.
const lazyByLoader = new Map<Loader, PageComponent>();
function lazyOnce(load: Loader): PageComponent {
  let component = lazyByLoader.get(load);
  if (!component) lazyByLoader.set(load, (component = lazy(load)));
  return component;
}

export const routes = Object.fromEntries(
  (Object.keys(entries) as RouteName[]).map((name) => {
    const { load, sidebar } = entries[name];
    const component = lazyOnce(load);
    const entry: RouteEntry = { ...routeMeta[name], name, component, ...(sidebar ? { sidebar } : {}) };
    return [name, entry];
  }),
) as Record<RouteName, RouteEntry>;

/** Sidebar items of one section, in table order. */
export function sidebarRoutes(section: SidebarEntry['section']): (RouteEntry & { sidebar: SidebarEntry })[] {
  return Object.values(routes).filter((r): r is RouteEntry & { sidebar: SidebarEntry } => r.sidebar?.section === section);
}
