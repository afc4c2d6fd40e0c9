import { z } from 'zod';
import {
  deploymentTypesResponse,
  deploymentWire,
  type Deployment,
  type DeploymentTypeWire,
  type ReleasesResponse,
  releasesResponse,
  type SetupStep,
  setupStepList,
  userMetaResponse,
} from '../../shared/api/deployments';
import { type Brand, versionField } from '../../shared/brand';
import { apiDownload, apiRequest } from './client';

export interface CreateDeploymentRequest {
  configId: string;
  name: string;
  /** null runs forever */
  timeoutMins: number | null;
  /** empty or undefined: the latest stable version */
  version?: string;
  /** one random id per submit attempt, so a retried request does not create a second machine */
  idempotencyKey: string;
}

const createdResponse = z.object({ id: z.string() }).loose();
const userMeta = userMetaResponse.transform((r) => r.meta);
const path = (id: string) => `/api/deployments/${encodeURIComponent(id)}`;

/** The Hosted Deployments calls of the spec's call table, validated against the shared contract. */
export function createDeploymentsApi(brand: Brand) {
  const deployment = deploymentWire(brand);
  // The spec: the list answer may be null, which means no deployments.
  const list = z.array(deployment).nullable().transform((l) => l ?? []);

  return {
    types: (): Promise<DeploymentTypeWire[]> => apiRequest('/api/deployments/types', { schema: deploymentTypesResponse }).then((r) => r.data),
    list: (): Promise<Deployment[]> => apiRequest('/api/deployments', { schema: list }),
    get: (id: string): Promise<Deployment> => apiRequest(path(id), { schema: deployment }),
    create: (req: CreateDeploymentRequest): Promise<{ id: string }> =>
      apiRequest('/api/deployments', {
        method: 'POST',
        headers: { 'Idempotency-Key': req.idempotencyKey },
        body: { configId: req.configId, name: req.name, timeoutMins: req.timeoutMins, ...(req.version ? { [versionField(brand)]: req.version } : {}) },
        schema: createdResponse,
      }),
    updateTimeout: (id: string, timeoutMins: number | null): Promise<Deployment> => apiRequest(path(id), { method: 'PUT', body: { timeoutMins }, schema: deployment }),
    updateVersion: (id: string, version: string): Promise<Deployment> => apiRequest(`${path(id)}/update-version`, { method: 'PUT', body: { version }, schema: deployment }),
    remove: (id: string): Promise<void> => apiRequest<void>(path(id), { method: 'DELETE' }),
    setupSteps: (id: string): Promise<SetupStep[]> => apiRequest(`${path(id)}/setup-steps`, { schema: setupStepList }),
    rerunStep: (id: string, stepId: string): Promise<void> =>
      apiRequest<void>(`${path(id)}/setup-steps/${encodeURIComponent(stepId)}/rerun`, { method: 'POST' }).then(() => undefined),
    logs: (id: string): Promise<{ blob: Blob; filename: string }> => apiDownload(`${path(id)}/logs`).then((r) => ({ blob: r.blob, filename: r.filename ?? `${id}-logs.zip` })),
    userMeta: (): Promise<{ huggingface_token: string | null }> => apiRequest('/api/user/meta', { schema: userMeta }),
    updateUserMeta: (huggingfaceToken: string): Promise<{ huggingface_token: string | null }> =>
      apiRequest('/api/user/meta', { method: 'PUT', body: { huggingface_token: huggingfaceToken }, schema: userMeta }),
    releases: (): Promise<ReleasesResponse> => apiRequest('/api/releases', { schema: releasesResponse }),
    adminList: (): Promise<Deployment[]> => apiRequest('/api/admin/deployments', { schema: list }),
    adminRemove: (id: string): Promise<void> => apiRequest<void>(`/api/admin/deployments/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  };
}

export type DeploymentsApi = ReturnType<typeof createDeploymentsApi>;

const byBrand = new Map<string, DeploymentsApi>();

/** One client per brand: the schemas are built once, not on every render. */
export function deploymentsApi(brand: Brand): DeploymentsApi {
  const key = `${brand.id}\u0000${brand.name}`;
  let api = byBrand.get(key);
  if (!api) byBrand.set(key, (api = createDeploymentsApi(brand)));
  return api;
}
