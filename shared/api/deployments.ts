import { idempotencyKeyHeader } from './idempotency';
import { z } from 'zod';
import { file, json, jsonBody, noContent, routesOf } from './route';
import { type Brand, versionField, versionWireField } from '../brand';
import { deploymentWireStatuses, setupStepStatuses, type UnknownDeploymentStatus, type WireDeploymentStatus } from '../deployments/vocabulary';
import { safeText } from './text';
import { createTimeoutOptions, extendTimeoutOptions } from '../deployments/timeouts';
import { deploymentStatuses, providerNames } from '../deployments/vocabulary';
import { csvFormat, listAccount, listDirection, listPage, listSearch, sortOf } from './list-query';

export const deploymentNameMax = 63;
export const versionMax = 64;

const oneOf = (options: readonly (number | null)[], what: string) =>
  z
    .number()
    .int()
    .nullable()
    .refine((v) => options.includes(v), { message: `${what} must be one of: ${options.map((o) => (o === null ? 'null (forever)' : o)).join(', ')}` });

export const versionTag = z
  .string()
  .trim()
  .max(versionMax)
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+-]*$/, 'Version must look like a release tag such as 2.12.2');

/** The one shape of a create request: what the server reads from the body and the renderer sends. */
export interface CreateDeploymentInput {
  /** the catalog id of the deployment type (`configId` on the wire) */
  typeId: string;
  name: string;
  /** null runs forever */
  timeoutMins: number | null;
  /** none: the latest stable version */
  version?: string;
}

/**
 * POST /api/deployments: `{configId, name, timeoutMins, <brand>Version}` on the wire, decoded into the one shape.
 * The one place the wire's `configId` becomes the code's `typeId`: interop.md fixes the field name for existing clients.
 */
export function createDeploymentBody(brand: Brand) {
  const field = versionField(brand);
  const version = z.union([versionTag, z.literal('')]).nullish();
  return z
    .object({
      configId: safeText({ required: 'Select a deployment type', max: 64 }),
      name: safeText({ required: 'Deployment name is required', max: deploymentNameMax, label: 'Name' }),
      timeoutMins: oneOf(createTimeoutOptions, 'timeoutMins').default(null),
    })
    .loose()
    .transform((b, ctx): CreateDeploymentInput => {
      const v = version.safeParse(b[field]);
      if (!v.success) {
        for (const issue of v.error.issues) ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
        return z.NEVER;
      }
      return { typeId: b.configId, name: b.name, timeoutMins: b.timeoutMins, version: v.data || undefined };
    });
}

/** The encoder beside the decoder: the one shape as the wire body (no version field: the latest stable); `typeId` goes out as `configId`. */
export function encodeCreateDeployment(brand: Brand, input: CreateDeploymentInput): z.input<ReturnType<typeof createDeploymentBody>> {
  return { configId: input.typeId, name: input.name, timeoutMins: input.timeoutMins, ...(input.version ? { [versionField(brand)]: input.version } : {}) };
}

export const updateTimeoutBody = z.object({ timeoutMins: oneOf(extendTimeoutOptions, 'timeoutMins') });
export const updateVersionBody = z.object({ version: versionTag.min(1, 'Version is required') });
/** `kept`: stored when provisioning ended (it outlives the machine); `live`: read from the machine just now; `none`: nothing yet */
export const provisioningLogResponse = z.object({ log: z.string().nullable(), source: z.enum(['kept', 'live', 'none']) });
export type ProvisioningLog = z.infer<typeof provisioningLogResponse>;

export const deploymentIdParam = z.object({ id: z.uuid('Unknown deployment') }).describe('deployment id');
/** A bulk delete sends one request per deployment, each naming the batch, so the audit log can tell them apart from single deletes. */
export const adminDeploymentSortKeys = ['name', 'status', 'user', 'provider', 'version', 'created'] as const;
export type AdminDeploymentSortKey = (typeof adminDeploymentSortKeys)[number];
/** The Deployment Dashboard's search, filters and order; the CSV export takes the same. */
export const adminDeploymentsFilters = z.object({
  /** part of the name, the owner's e-mail, the id or the IP address */
  search: listSearch,
  status: z.enum(deploymentStatuses).optional(),
  provider: z.enum(providerNames).optional(),
  account: listAccount,
  sort: sortOf(adminDeploymentSortKeys),
  dir: listDirection,
});
export type AdminDeploymentsFilters = z.infer<typeof adminDeploymentsFilters>;
export const adminDeploymentsPageSize = 50;
export const adminDeploymentsQuery = adminDeploymentsFilters
  .extend({ page: listPage, page_size: z.coerce.number().int().min(1).max(200).default(adminDeploymentsPageSize) })
  .describe('deployment filters');
export const adminDeploymentsExportQuery = adminDeploymentsFilters.extend(csvFormat.shape).describe('deployment filters');

export const adminDeleteQuery = z.object({ batch: z.uuid().optional(), batch_size: z.coerce.number().int().min(1).max(100_000).optional() });
export const setupStepParams = z.object({ id: z.uuid('Unknown deployment'), stepId: safeText({ min: 1, max: 64 }) }).describe('setup step');

/**
 * On the wire one of `deploymentWireStatuses` (the OpenAPI document lists them); a status this build
 * does not know is kept as sent (`UnknownDeploymentStatus`) instead of failing the whole answer.
 */
export const deploymentStatus = z
  .enum(deploymentWireStatuses)
  .transform((s): WireDeploymentStatus => s)
  .catch((ctx) => String(ctx.value) as UnknownDeploymentStatus);

/** A deployment as the API answers it; `<brand>_version` on the wire, `version` in code. */
export function deploymentWire(brand: Brand) {
  const field = versionWireField(brand);
  const version = z.string().nullable().optional();
  return z
    .object({
      id: z.string(),
      name: z.string(),
      user_id: z.string(),
      user_email: z.string().nullable().optional(),
      server_id: z.string().nullable(),
      status: deploymentStatus,
      ipv4: z.string().nullable(),
      ui_url: z.string().nullable(),
      provider: z.string(),
      deployment_config_id: z.string(),
      hourly_rate_cents: z.number().nullable(),
      /** the owner's view: what it has cost so far (its hourly charges from the ledger, less a refund after a failure) */
      cost_cents: z.number().optional(),
      timeout_mins: z.number().nullable(),
      expires_at: z.string().nullable(),
      error_message: z.string().nullable(),
      /** set while the balance cannot pay for the next hour: when the deployment will be terminated unless funds are added */
      unpaid_terminates_at: z.string().nullable().optional(),
      ssh_public_key: z.string().nullable().optional(),
      /** only to the owner signed in or with a key whose scopes allow `deploy`: a `read` key never gets it */
      ssh_private_key: z.string().nullable().optional(),
      created_at: z.string(),
      updated_at: z.string(),
    })
    .loose()
    .transform((d, ctx) => {
      const v = version.safeParse(d[field]);
      if (!v.success) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'must be a string or null' });
        return z.NEVER;
      }
      const { [field]: _wire, ...rest } = d;
      return { ...(rest as typeof d), version: v.data ?? null };
    });
}
export type Deployment = z.infer<ReturnType<typeof deploymentWire>>;

export const setupStep = z.object({
  id: z.string(),
  description: z.string(),
  emoji: z.string(),
  completed: z.boolean(),
  /** a step status this build does not know reads as pending (not started, as far as it can tell) */
  status: z.enum(setupStepStatuses).catch('pending'),
  error: z.string().nullable(),
});
export type SetupStep = z.infer<typeof setupStep>;
export const setupStepList = z.array(setupStep);

export const deploymentTypeWire = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  hourlyRateCents: z.number().nullable(),
  monthlyPerUserCents: z.number().nullable(),
  features: z.array(z.string()),
  creatable: z.boolean(),
  gpu: z.boolean(),
  poweredBy: z.string().optional(),
  hostedAppUrl: z.string().optional(),
});
export const deploymentTypesResponse = z.object({ data: z.array(deploymentTypeWire) });
export type DeploymentTypeWire = z.infer<typeof deploymentTypeWire>;

/** The model-hub token is write-only once saved: only its last 4 characters come back, to say which one is saved. */
export const userMetaResponse = z.object({ meta: z.object({ huggingface_token_last4: z.string().nullable() }) });
export const updateUserMetaBody = z.object({
  huggingface_token: z
    .string()
    .trim()
    .max(256)
    .regex(/^[A-Za-z0-9_-]*$/, 'Token may contain letters, digits, _ and - only'),
});

export const releasesResponse = z.object({
  versions: z.array(z.string()),
  stable: z.array(z.string()),
  default: z.string().nullable(),
  source: z.enum(['live', 'cache', 'bundled']),
});
export type ReleasesResponse = z.infer<typeof releasesResponse>;

export const rerunSetupStepResponse = z.object({ ok: z.literal(true) });
/** The terminal WebSocket's query: a browser cannot set headers on an upgrade, so the bearer comes as `token`. */
export const terminalQuery = z.object({
  token: z.string().min(1),
  follow: z.literal('install').optional(),
  /** a team's deployment: the team's id (the WebSocket's X-Account) */ account: z.uuid().optional(),
});

const route = routesOf('deployments');

/** The platform's versions and the caller's settings, which the deployment form reads. */
export const deploymentSettingsContract = {
  releases: route('visitor', 'releases.list', 'GET /api/releases', { summary: "The platform's versions", responses: { 200: json('Versions', releasesResponse) } }),
  userMeta: route('user', 'user-meta.get', 'GET /api/user/meta', { summary: "The caller's settings (model-hub token)", responses: { 200: json('Settings', userMetaResponse) } }),
  updateUserMeta: route('user', 'user-meta.update', 'PUT /api/user/meta', {
    summary: "Save the caller's settings",
    body: jsonBody(updateUserMetaBody, 'user meta'),
    responses: { 200: json('Saved settings', userMetaResponse) },
  }),
};

/** What is kept of a deployment once it is gone, for the page its old links (notices) open. */
export const endedDeploymentWire = z.object({
  id: z.string(),
  name: z.string(),
  deleted_at: z.string(),
  /** who deleted it: the member's e-mail, or "an administrator"; null when it ended by itself */
  deleted_by: z.string().nullable(),
  /** why it ended by itself (its timeout, an unpaid hour); null when someone deleted it */
  reason: z.string().nullable(),
});
export type EndedDeployment = z.infer<typeof endedDeploymentWire>;

/** The Hosted Deployments routes, with the settings and versions their form reads; a deployment's shape depends on the brand. */
export function deploymentsContract(brand: Brand) {
  const deployment = deploymentWire(brand);
  return {
    ...deploymentSettingsContract,
    types: route('visitor', 'deployments.types', 'GET /api/deployments/types', { summary: 'Deployment types and prices', responses: { 200: json('Types', deploymentTypesResponse) } }),
    list: route('user', 'deployments.list', 'GET /api/deployments', { summary: "The caller's deployments", responses: { 200: json('Deployments', z.array(deployment)) } }),
    create: route('user', 'deployments.create', 'POST /api/deployments', {
      summary: 'Create a deployment (a retried request with the same Idempotency-Key returns the first)',
      headers: { 'Idempotency-Key': idempotencyKeyHeader },
      body: jsonBody(createDeploymentBody(brand), 'deployment'),
      responses: { 200: json('The new deployment', deployment) },
    }),
    get: route('user', 'deployments.get', 'GET /api/deployments/{id}', { summary: 'One of your deployments', params: deploymentIdParam, responses: { 200: json('The deployment', deployment) } }),
    ended: route('user', 'deployments.ended', 'GET /api/deployments/{id}/ended', {
      summary: 'One of your deployments that was deleted: when, and by whom or why (404 while it exists, or when it was never yours)',
      params: deploymentIdParam,
      responses: { 200: json('The deleted deployment', endedDeploymentWire) },
    }),
    updateTimeout: route('user', 'deployments.update-timeout', 'PUT /api/deployments/{id}', {
      summary: 'Extend or change the auto-termination timeout',
      params: deploymentIdParam,
      body: jsonBody(updateTimeoutBody, 'timeout'),
      responses: { 200: json('The deployment', deployment) },
    }),
    remove: route('user', 'deployments.delete', 'DELETE /api/deployments/{id}', { summary: 'Delete a deployment and its machine', params: deploymentIdParam, responses: { 204: noContent } }),
    updateVersion: route('user', 'deployments.update-version', 'PUT /api/deployments/{id}/update-version', {
      summary:
        'Start moving the machine to another platform version: the deployment shows status updating, and the new version once the installer succeeded (409 while an update runs or before the deployment is running)',
      params: deploymentIdParam,
      body: jsonBody(updateVersionBody, 'version'),
      responses: { 200: json('The deployment', deployment) },
    }),
    setupSteps: route('user', 'deployments.setup-steps', 'GET /api/deployments/{id}/setup-steps', {
      summary: 'Setup progress',
      params: deploymentIdParam,
      responses: { 200: json('Steps', setupStepList) },
    }),
    rerunSetupStep: route('user', 'deployments.setup-steps.rerun', 'POST /api/deployments/{id}/setup-steps/{stepId}/rerun', {
      summary: 'Run a failed setup step again (422 when it cannot)',
      params: setupStepParams,
      responses: { 200: json('Started', rerunSetupStepResponse) },
    }),
    logs: route('user', 'deployments.logs', 'GET /api/deployments/{id}/logs', {
      summary: 'Download the machine logs',
      params: deploymentIdParam,
      responses: { 200: file('Zip of logs', 'application/zip') },
    }),
    provisioningLog: route('user', 'deployments.provisioning-log', 'GET /api/deployments/{id}/provisioning-log', {
      summary: 'The provisioning output (the install log): kept once provisioning finished or failed, read from the machine while it runs',
      params: deploymentIdParam,
      responses: { 200: json('The output', provisioningLogResponse) },
    }),
    terminal: route('user', 'deployments.terminal', 'GET /api/deployments/{id}/terminal', {
      summary: 'Terminal WebSocket (upgrade); closes with 4401 without a valid token and 4404 for a deployment that is not yours',
      params: deploymentIdParam,
      query: terminalQuery,
      responses: { 101: { description: 'Switching protocols: text frames carry terminal I/O, a 4-byte binary frame resizes' } },
      websocket: true,
    }),
    adminList: route('admin', 'admin.deployments.list', 'GET /api/admin/deployments', {
      summary: "Every user's deployments, a page at a time: search by name, e-mail, id or IP; filter by status and provider; sort by a column (admin)",
      query: adminDeploymentsQuery,
      responses: { 200: json('A page of deployments; total matches the filters', z.object({ deployments: z.array(deployment), total: z.number(), total_pages: z.number() })) },
    }),
    adminRemove: route('admin', 'admin.deployments.delete', 'DELETE /api/admin/deployments/{id}', {
      summary: 'Delete any deployment (admin)',
      params: deploymentIdParam,
      query: adminDeleteQuery,
      responses: { 204: noContent },
    }),
    adminExport: route('admin', 'admin.deployments.export', 'GET /api/admin/deployments/export', {
      summary: 'The deployments matching the list filters as CSV, newest first; excel=1 adds a UTF-8 byte-order mark (admin)',
      query: adminDeploymentsExportQuery,
      responses: { 200: file('CSV', 'text/csv') },
    }),
  };
}
