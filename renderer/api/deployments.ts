import { deploymentsContract, type Deployment, type DeploymentTypeWire, type ReleasesResponse, type SetupStep } from '../../shared/api/deployments';
import { type Brand, versionField } from '../../shared/brand';
import { call, callAs, download } from './call';

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

/** The Hosted Deployments calls of the spec's call table, each one an entry of the shared contract. */
export function createDeploymentsApi(brand: Brand) {
  const c = deploymentsContract(brand);
  // The spec: the list answer may be null, which means no deployments.
  const list = c.list.responses[200].schema.nullable().transform((l) => l ?? []);
  const meta = (r: { meta: { huggingface_token: string | null } }) => r.meta;

  return {
    types: (): Promise<DeploymentTypeWire[]> => call(c.types).then((r) => r.data),
    list: (): Promise<Deployment[]> => callAs(c.list, list),
    get: (id: string): Promise<Deployment> => call(c.get, { params: { id } }),
    create: (req: CreateDeploymentRequest): Promise<Deployment> =>
      call(c.create, {
        headers: { 'Idempotency-Key': req.idempotencyKey },
        body: { configId: req.configId, name: req.name, timeoutMins: req.timeoutMins, ...(req.version ? { [versionField(brand)]: req.version } : {}) },
      }),
    updateTimeout: (id: string, timeoutMins: number | null): Promise<Deployment> => call(c.updateTimeout, { params: { id }, body: { timeoutMins } }),
    updateVersion: (id: string, version: string): Promise<Deployment> => call(c.updateVersion, { params: { id }, body: { version } }),
    remove: (id: string): Promise<void> => call(c.remove, { params: { id } }),
    setupSteps: (id: string): Promise<SetupStep[]> => call(c.setupSteps, { params: { id } }),
    rerunStep: (id: string, stepId: string): Promise<void> => call(c.rerunSetupStep, { params: { id, stepId } }).then(() => undefined),
    logs: (id: string): Promise<{ blob: Blob; filename: string }> => download(c.logs, { params: { id } }).then((r) => ({ blob: r.blob, filename: r.filename ?? `${id}-logs.zip` })),
    userMeta: (): Promise<{ huggingface_token: string | null }> => call(c.userMeta).then(meta),
    updateUserMeta: (huggingfaceToken: string): Promise<{ huggingface_token: string | null }> => call(c.updateUserMeta, { body: { huggingface_token: huggingfaceToken } }).then(meta),
    releases: (): Promise<ReleasesResponse> => call(c.releases),
    adminList: (): Promise<Deployment[]> => callAs(c.adminList, list),
    adminRemove: (id: string): Promise<void> => call(c.adminRemove, { params: { id } }),
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
