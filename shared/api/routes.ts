import { defaultBrand, type Brand } from '../brand';
import { agentsContract } from './agents';
import { auditContract } from './audit';
import { authContract } from './auth';
import { billingContract } from './billing';
import { connectedDeploymentsContract } from './connected-deployments';
import { customersContract } from './customers';
import { deploymentsContract } from './deployments';
import { documentsContract } from './documents';
import { healthContract } from './health';
import { licensesContract } from './licenses';
import { notificationsContract } from './notifications';
import { adminAlertsContract } from './admin-alerts';
import { openApiContract } from './openapi';
import { pingsContract } from './pings';
import type { ApiRoute } from './route';
import { teamsContract } from './teams';
import { testRunsContract } from './test-runs';
import { userInfoContract } from './user-info';

/**
 * Every route of the API, each domain's entries in one list: what the server registers, the
 * OpenAPI document, the contract test, the fuzz suite and the authorisation matrix read.
 */
export function apiRoutes(brand: Brand): readonly ApiRoute[] {
  return [
    healthContract,
    authContract,
    openApiContract,
    deploymentsContract(brand),
    billingContract,
    licensesContract,
    documentsContract,
    pingsContract,
    testRunsContract,
    agentsContract,
    connectedDeploymentsContract,
    userInfoContract,
    notificationsContract,
    adminAlertsContract,
    auditContract,
    customersContract,
    teamsContract,
  ].flatMap((domain): ApiRoute[] => Object.values(domain));
}

/** The same entries keyed by name. */
export function apiRoutesByName(brand: Brand): Readonly<Record<string, ApiRoute>> {
  return Object.fromEntries(apiRoutes(brand).map((r) => [r.name, r]));
}

/**
 * The first path segments of the routes the server answers itself (`/api`, `/oidc`, `/idp`,
 * `/healthz`, …), from the entries: every other GET is the renderer's. The brand names fields of
 * answers, never a path, so any brand gives the same list.
 */
export const serverPathPrefixes: readonly string[] = [...new Set(apiRoutes(defaultBrand).map((r) => `/${r.path.split('/')[1] ?? ''}`))];

/** Whether `path` is one of the server's own (under a prefix of `prefixes`, whole segments only). */
export const underPrefix = (path: string, prefixes: readonly string[]) => prefixes.some((p) => path === p || path.startsWith(`${p}/`));
