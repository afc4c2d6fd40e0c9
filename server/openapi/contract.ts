import { z } from 'zod';
import { agentConfig, agentIdParam, galleryResponse, modelSubstitutionsResponse } from '../../shared/api/agents';
import { apiKeyList, checkAdminResponse, createApiKeyBody, createdApiKey, idParam, interactionParam, loginForm, meResponse, publicConfig } from '../../shared/api/auth';
import {
  adminTopupBody,
  adminTopupResponse,
  balanceCheckoutBody,
  balanceResponse,
  checkoutSessionParam,
  checkoutUrlResponse,
  dailySpendResponse,
  stripeEventBody,
  stripeWebhookResponse,
  topupIdempotencyKey,
  transactionsQuery,
  transactionsResponse,
} from '../../shared/api/billing';
import { connectedDeployment, connectedDeploymentIdParam, connectedDeploymentList, createConnectedDeploymentBody, syncConnectedDeploymentsBody, syncConnectedDeploymentsResponse } from '../../shared/api/connected-deployments';
import {
  createDeploymentBody,
  deploymentIdempotencyKey,
  deploymentIdParam,
  deploymentTypesResponse,
  deploymentWire,
  releasesResponse,
  rerunSetupStepResponse,
  setupStepList,
  setupStepParams,
  terminalQuery,
  updateTimeoutBody,
  updateUserMetaBody,
  updateVersionBody,
  userMetaResponse,
} from '../../shared/api/deployments';
import { healthResponse } from '../../shared/api/health';
import { adminCreateLicenseBody, adminLicensesQuery, adminLicensesResponse, checkoutUrl, createLicenseBody, hideLicenseResponse, license, licenseCheckoutBody, licenseIdParam, licenseList, termsResponse } from '../../shared/api/licenses';
import { openApiDocumentResponse } from '../../shared/api/openapi';
import { adminPingsQuery, adminPingsResponse, pingAnswer, pingBody, pingStatsResponse } from '../../shared/api/pings';
import { artifactParams, ciTestResultFields, testRunDetail, testRunIdParam, testRunsQuery, testRunsResponse } from '../../shared/api/test-runs';
import { userInfoResponse } from '../../shared/api/user-info';
import type { Brand } from '../../shared/brand';

/**
 * Who may call a route: `user` and `admin` take a bearer (OIDC access token or personal API key);
 * `ci-secret` the X-CI-Secret header; `stripe-signature` a signed webhook; `sign-in-session` the
 * embedded provider's interaction cookie; `public` anyone.
 */
export type AuthKind = 'public' | 'user' | 'admin' | 'ci-secret' | 'stripe-signature' | 'sign-in-session';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface BodySpec {
  type: 'application/json' | 'multipart/form-data' | 'application/x-www-form-urlencoded';
  schema: z.ZodType;
  /** multipart file fields, with their media type */
  files?: Record<string, string>;
}

export interface ResponseSpec {
  status: number;
  description: string;
  /** a JSON answer, validated against this schema (zod output) */
  schema?: z.ZodType;
  /** a non-JSON answer: a file, a page or a script */
  contentType?: string;
}

export interface RouteContract {
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/api/deployments/{id}` */
  path: string;
  summary: string;
  tag: string;
  auth: AuthKind;
  params?: z.ZodType;
  query?: z.ZodType;
  /** request headers the route reads besides credentials (names as sent) */
  headers?: Record<string, z.ZodType>;
  body?: BodySpec;
  response: ResponseSpec;
  /** routes answered with 429 and Retry-After beyond a per-address limit */
  rateLimited?: boolean;
  /** registered only with this payment gateway */
  gateway?: 'local' | 'stripe';
  /** not a Koa route: the terminal bridge answers the upgrade */
  websocket?: boolean;
}

const json = (status: number, description: string, schema: z.ZodType): ResponseSpec => ({ status, description, schema });
const file = (status: number, description: string, contentType: string): ResponseSpec => ({ status, description, contentType });
const jsonBody = (schema: z.ZodType): BodySpec => ({ type: 'application/json', schema });
const noContent: ResponseSpec = { status: 204, description: 'Done; no body' };
const redirect: ResponseSpec = { status: 302, description: 'Redirect back to the app' };

/**
 * The API contract: every named route of the server, keyed by the name it is registered with,
 * using the same zod schemas the handlers parse with. The OpenAPI document, the contract test,
 * the fuzz suite and the authorisation matrix are all built from this table.
 */
export function apiContract(brand: Brand): Record<string, RouteContract> {
  const deployment = deploymentWire(brand);
  return {
    // -- health
    healthz: { method: 'GET', path: '/healthz', summary: 'Liveness: the process answers', tag: 'health', auth: 'public', response: json(200, 'Alive', healthResponse) },
    readyz: { method: 'GET', path: '/readyz', summary: 'Readiness: the database answers too (503 when it does not)', tag: 'health', auth: 'public', response: json(200, 'Ready', healthResponse) },

    // -- embedded identity provider (only without an external issuer)
    'idp.logout-script': { method: 'GET', path: '/idp/logout.js', summary: "The provider's sign-out page script", tag: 'identity', auth: 'public', response: file(200, 'Script', 'application/javascript') },
    'idp.interaction': { method: 'GET', path: '/oidc/interaction/{uid}', summary: 'The sign-in page of an authorization request', tag: 'identity', auth: 'sign-in-session', params: interactionParam, response: file(200, 'Sign-in page', 'text/html') },
    'idp.login': {
      method: 'POST',
      path: '/oidc/interaction/{uid}/login',
      summary: 'Submit the sign-in form (401 page on a wrong password)',
      tag: 'identity',
      auth: 'sign-in-session',
      params: interactionParam,
      body: { type: 'application/x-www-form-urlencoded', schema: loginForm },
      response: { status: 303, description: 'Signed in: back to the authorization request' },
      rateLimited: true,
    },

    // -- local checkout (no payment provider configured)
    'checkout.local.page': { method: 'GET', path: '/checkout/{id}', summary: 'The local test checkout page', tag: 'billing', auth: 'public', params: checkoutSessionParam, response: file(200, 'Checkout page', 'text/html'), gateway: 'local' },
    'checkout.local.pay': { method: 'POST', path: '/checkout/{id}/pay', summary: 'Pay a local checkout session (no card is charged)', tag: 'billing', auth: 'public', params: checkoutSessionParam, response: redirect, rateLimited: true, gateway: 'local' },
    'checkout.local.cancel': { method: 'POST', path: '/checkout/{id}/cancel', summary: 'Cancel a local checkout session', tag: 'billing', auth: 'public', params: checkoutSessionParam, response: redirect, rateLimited: true, gateway: 'local' },

    // -- API reference
    'openapi.document': { method: 'GET', path: '/api/openapi.json', summary: 'This OpenAPI 3.1 document', tag: 'reference', auth: 'public', response: json(200, 'The document', openApiDocumentResponse) },
    'openapi.docs': { method: 'GET', path: '/api/docs', summary: 'The API reference page', tag: 'reference', auth: 'public', response: file(200, 'Reference page', 'text/html') },
    'openapi.redoc': { method: 'GET', path: '/api/docs/redoc.standalone.js', summary: "The reference page's renderer (Redoc), served locally", tag: 'reference', auth: 'public', response: file(200, 'Script', 'application/javascript') },

    // -- auth
    'public-config': { method: 'GET', path: '/api/config', summary: 'What the renderer needs at start-up', tag: 'auth', auth: 'public', response: json(200, 'Public configuration', publicConfig) },
    'check-admin': { method: 'GET', path: '/api/auth/check-admin', summary: 'Whether the caller is an administrator', tag: 'auth', auth: 'user', response: json(200, 'Admin flag', checkAdminResponse) },
    me: { method: 'GET', path: '/api/auth/me', summary: 'The signed-in user', tag: 'auth', auth: 'user', response: json(200, 'The user', meResponse) },
    'api-keys.list': { method: 'GET', path: '/api/auth/api-keys', summary: "The caller's API keys", tag: 'auth', auth: 'user', response: json(200, 'Keys (prefixes only)', apiKeyList) },
    'api-keys.create': { method: 'POST', path: '/api/auth/api-keys', summary: 'Create an API key (the whole key is in this answer only)', tag: 'auth', auth: 'user', body: jsonBody(createApiKeyBody), response: json(201, 'The new key', createdApiKey) },
    'api-keys.revoke': { method: 'DELETE', path: '/api/auth/api-keys/{id}', summary: 'Revoke one of your API keys', tag: 'auth', auth: 'user', params: idParam, response: noContent },

    // -- releases, user settings
    'releases.list': { method: 'GET', path: '/api/releases', summary: "The platform's versions", tag: 'deployments', auth: 'public', response: json(200, 'Versions', releasesResponse) },
    'user-meta.get': { method: 'GET', path: '/api/user/meta', summary: "The caller's settings (model-hub token)", tag: 'deployments', auth: 'user', response: json(200, 'Settings', userMetaResponse) },
    'user-meta.update': { method: 'PUT', path: '/api/user/meta', summary: "Save the caller's settings", tag: 'deployments', auth: 'user', body: jsonBody(updateUserMetaBody), response: json(200, 'Saved settings', userMetaResponse) },

    // -- hosted deployments
    'deployments.types': { method: 'GET', path: '/api/deployments/types', summary: 'Deployment types and prices', tag: 'deployments', auth: 'public', response: json(200, 'Types', deploymentTypesResponse) },
    'deployments.list': { method: 'GET', path: '/api/deployments', summary: "The caller's deployments", tag: 'deployments', auth: 'user', response: json(200, 'Deployments', z.array(deployment)) },
    'deployments.create': {
      method: 'POST',
      path: '/api/deployments',
      summary: 'Create a deployment (a retried request with the same Idempotency-Key returns the first)',
      tag: 'deployments',
      auth: 'user',
      headers: { 'Idempotency-Key': deploymentIdempotencyKey },
      body: jsonBody(createDeploymentBody(brand)),
      response: json(200, 'The new deployment', deployment),
    },
    'deployments.get': { method: 'GET', path: '/api/deployments/{id}', summary: 'One of your deployments', tag: 'deployments', auth: 'user', params: deploymentIdParam, response: json(200, 'The deployment', deployment) },
    'deployments.update-timeout': { method: 'PUT', path: '/api/deployments/{id}', summary: 'Extend or change the auto-termination timeout', tag: 'deployments', auth: 'user', params: deploymentIdParam, body: jsonBody(updateTimeoutBody), response: json(200, 'The deployment', deployment) },
    'deployments.delete': { method: 'DELETE', path: '/api/deployments/{id}', summary: 'Delete a deployment and its machine', tag: 'deployments', auth: 'user', params: deploymentIdParam, response: noContent },
    'deployments.update-version': { method: 'PUT', path: '/api/deployments/{id}/update-version', summary: 'Update the platform version on the machine', tag: 'deployments', auth: 'user', params: deploymentIdParam, body: jsonBody(updateVersionBody), response: json(200, 'The deployment', deployment) },
    'deployments.setup-steps': { method: 'GET', path: '/api/deployments/{id}/setup-steps', summary: 'Setup progress', tag: 'deployments', auth: 'user', params: deploymentIdParam, response: json(200, 'Steps', setupStepList) },
    'deployments.setup-steps.rerun': { method: 'POST', path: '/api/deployments/{id}/setup-steps/{stepId}/rerun', summary: 'Run a failed setup step again (422 when it cannot)', tag: 'deployments', auth: 'user', params: setupStepParams, response: json(200, 'Started', rerunSetupStepResponse) },
    'deployments.logs': { method: 'GET', path: '/api/deployments/{id}/logs', summary: 'Download the machine logs', tag: 'deployments', auth: 'user', params: deploymentIdParam, response: file(200, 'Zip of logs', 'application/zip') },
    'deployments.terminal': {
      method: 'GET',
      path: '/api/deployments/{id}/terminal',
      summary: 'Terminal WebSocket (upgrade); closes with 4401 without a valid token and 4404 for a deployment that is not yours',
      tag: 'deployments',
      auth: 'user',
      params: deploymentIdParam,
      query: terminalQuery,
      response: { status: 101, description: 'Switching protocols: text frames carry terminal I/O, a 4-byte binary frame resizes' },
      websocket: true,
    },
    'admin.deployments.list': { method: 'GET', path: '/api/admin/deployments', summary: 'Every deployment (admin)', tag: 'admin', auth: 'admin', response: json(200, 'Deployments', z.array(deployment)) },
    'admin.deployments.delete': { method: 'DELETE', path: '/api/admin/deployments/{id}', summary: 'Delete any deployment (admin)', tag: 'admin', auth: 'admin', params: deploymentIdParam, response: noContent },

    // -- balance and billing
    'balance.get': { method: 'GET', path: '/api/balance', summary: 'Balance, hourly burn and runtime left', tag: 'billing', auth: 'user', response: json(200, 'Balance', balanceResponse) },
    'balance.transactions': { method: 'GET', path: '/api/balance/transactions', summary: 'Ledger entries, newest first', tag: 'billing', auth: 'user', query: transactionsQuery, response: json(200, 'A page of entries', transactionsResponse) },
    'balance.daily-spend': { method: 'GET', path: '/api/balance/daily-spend', summary: 'Spend per day over the last 30 days', tag: 'billing', auth: 'user', response: json(200, 'Days', dailySpendResponse) },
    'balance.checkout': { method: 'POST', path: '/api/balance/checkout', summary: 'Start a checkout to add funds', tag: 'billing', auth: 'user', body: jsonBody(balanceCheckoutBody), response: json(200, 'Where to pay', checkoutUrlResponse) },
    'admin.balance.topup': {
      method: 'POST',
      path: '/api/admin/balance/topup',
      summary: "Credit a user's balance (admin)",
      tag: 'admin',
      auth: 'admin',
      headers: { 'Idempotency-Key': topupIdempotencyKey },
      body: jsonBody(adminTopupBody),
      response: json(200, 'New balance', adminTopupResponse),
    },
    'webhooks.stripe': {
      method: 'POST',
      path: '/api/webhooks/stripe',
      summary: 'Stripe events (signature checked over the raw body)',
      tag: 'billing',
      auth: 'stripe-signature',
      body: jsonBody(stripeEventBody),
      response: json(200, 'Received', stripeWebhookResponse),
      gateway: 'stripe',
    },

    // -- licenses
    'licenses.public-key': { method: 'GET', path: '/api/licenses/public-key', summary: 'The public key license keys are verified with', tag: 'licenses', auth: 'public', response: file(200, 'PEM', 'application/x-pem-file') },
    'terms.license': { method: 'GET', path: '/api/terms/license', summary: 'License terms', tag: 'licenses', auth: 'public', response: json(200, 'Terms', termsResponse) },
    'licenses.list': { method: 'GET', path: '/api/licenses', summary: "The caller's licenses", tag: 'licenses', auth: 'user', response: json(200, 'Licenses', licenseList) },
    'licenses.create': { method: 'POST', path: '/api/licenses', summary: 'Create a license', tag: 'licenses', auth: 'user', body: jsonBody(createLicenseBody), response: json(201, 'The license', license) },
    'licenses.hide': { method: 'DELETE', path: '/api/licenses/{id}', summary: 'Hide a license from your list', tag: 'licenses', auth: 'user', params: licenseIdParam, response: json(200, 'Hidden', hideLicenseResponse) },
    'licenses.checkout': { method: 'POST', path: '/api/license/checkout', summary: 'Pay for an enterprise license', tag: 'licenses', auth: 'user', body: jsonBody(licenseCheckoutBody), response: json(200, 'Where to pay', checkoutUrl) },
    'admin.licenses.list': { method: 'GET', path: '/api/admin/licenses', summary: 'Every license (admin)', tag: 'admin', auth: 'admin', query: adminLicensesQuery, response: json(200, 'A page of licenses', adminLicensesResponse) },
    'admin.licenses.mark-paid': { method: 'POST', path: '/api/admin/licenses/{id}/mark-paid', summary: 'Mark a wire-transfer license paid (admin)', tag: 'admin', auth: 'admin', params: licenseIdParam, response: json(200, 'The license', license) },
    'admin.licenses.create': { method: 'POST', path: '/api/admin/licenses/create', summary: 'Create a license for a user (admin)', tag: 'admin', auth: 'admin', body: jsonBody(adminCreateLicenseBody), response: json(201, 'The license', license) },

    // -- pings
    'pings.ingest': { method: 'POST', path: '/api/ping', summary: 'Usage ping from a running installation', tag: 'pings', auth: 'public', body: jsonBody(pingBody), response: json(200, 'The latest stable version', pingAnswer), rateLimited: true },
    'admin.pings.list': { method: 'GET', path: '/api/admin/pings', summary: 'Installations (admin)', tag: 'admin', auth: 'admin', query: adminPingsQuery, response: json(200, 'A page of installations', adminPingsResponse) },
    'admin.pings.stats': { method: 'GET', path: '/api/admin/pings/stats', summary: 'Installations by day and version (admin)', tag: 'admin', auth: 'admin', response: json(200, 'Statistics', pingStatsResponse) },

    // -- test runs
    'ci.test-results': {
      method: 'POST',
      path: '/api/ci/test-results',
      summary: 'CI uploads a test result with an optional zip of artifacts',
      tag: 'test-runs',
      auth: 'ci-secret',
      body: { type: 'multipart/form-data', schema: ciTestResultFields, files: { artifacts: 'application/zip' } },
      response: json(201, 'The stored run (200 when the same build was already stored)', testRunDetail),
      rateLimited: true,
    },
    'test-runs.list': { method: 'GET', path: '/api/test-runs', summary: 'Test runs, newest first', tag: 'test-runs', auth: 'user', query: testRunsQuery, response: json(200, 'A page of runs', testRunsResponse) },
    'test-runs.get': { method: 'GET', path: '/api/test-runs/{id}', summary: 'One test run with its artifacts', tag: 'test-runs', auth: 'user', params: testRunIdParam, response: json(200, 'The run', testRunDetail) },
    'test-runs.artifact': { method: 'GET', path: '/api/test-runs/{runId}/artifacts/{artifactId}', summary: 'Download or show an artifact', tag: 'test-runs', auth: 'user', params: artifactParams, response: file(200, 'The file (logs and screenshots inline)', 'application/octet-stream') },

    // -- agents
    'agents.gallery': { method: 'GET', path: '/api/agents', summary: 'The agent gallery', tag: 'agents', auth: 'public', response: json(200, 'Gallery', galleryResponse) },
    'agents.config': { method: 'GET', path: '/api/agents/{id}', summary: "An agent's configuration", tag: 'agents', auth: 'public', params: agentIdParam, response: json(200, 'Configuration', agentConfig) },
    'agents.model-substitutions': { method: 'GET', path: '/api/model-substitutions', summary: 'Model classes for import links', tag: 'agents', auth: 'public', response: json(200, 'Model classes', modelSubstitutionsResponse) },

    // -- private (connected) deployments
    'connected-deployments.list': { method: 'GET', path: '/api/connected-deployments', summary: "The caller's private deployments", tag: 'connected-deployments', auth: 'user', response: json(200, 'Private deployments', connectedDeploymentList) },
    'connected-deployments.create': { method: 'POST', path: '/api/connected-deployments', summary: 'Add a private deployment', tag: 'connected-deployments', auth: 'user', body: jsonBody(createConnectedDeploymentBody), response: json(201, 'Added', connectedDeployment) },
    'connected-deployments.sync': { method: 'POST', path: '/api/connected-deployments/sync', summary: 'Merge browser-stored private deployments', tag: 'connected-deployments', auth: 'user', body: jsonBody(syncConnectedDeploymentsBody), response: json(200, 'The full list after the merge', syncConnectedDeploymentsResponse) },
    'connected-deployments.delete': { method: 'DELETE', path: '/api/connected-deployments/{id}', summary: 'Remove a private deployment', tag: 'connected-deployments', auth: 'user', params: connectedDeploymentIdParam, response: noContent },

    // -- visitor company
    'user-info.get': { method: 'GET', path: '/api/user-info', summary: "The visitor's company, from their address (502 when the lookup fails)", tag: 'marketing', auth: 'public', response: json(200, 'Company', userInfoResponse), rateLimited: true },
  };
}

export type ApiContract = ReturnType<typeof apiContract>;

/** Names of the path template's parameters, in order. */
export function pathParams(openApiPath: string): string[] {
  return [...openApiPath.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
}
