import type { Brand } from '../brand';
import { agentsContract } from './agents';
import { auditContract } from './audit';
import { authContract } from './auth';
import { billingContract } from './billing';
import { connectedDeploymentsContract } from './connected-deployments';
import { customersContract } from './customers';
import { deploymentsContract } from './deployments';
import { healthContract } from './health';
import { licensesContract } from './licenses';
import { notificationsContract } from './notifications';
import { openApiContract } from './openapi';
import { pingsContract } from './pings';
import type { ApiRoute } from './route';
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
    pingsContract,
    testRunsContract,
    agentsContract,
    connectedDeploymentsContract,
    userInfoContract,
    notificationsContract,
    auditContract,
    customersContract,
  ].flatMap((domain): ApiRoute[] => Object.values(domain));
}

/** The same entries keyed by name. */
export function apiRoutesByName(brand: Brand): Readonly<Record<string, ApiRoute>> {
  return Object.fromEntries(apiRoutes(brand).map((r) => [r.name, r]));
}
