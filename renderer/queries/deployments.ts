import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  type AdminDeploymentsFilters,
  type CreateDeploymentInput,
  deploymentsContract,
  type Deployment,
  type DeploymentTypeWire,
  type EndedDeployment,
  encodeCreateDeployment,
  type ReleasesResponse,
  type ProvisioningLog,
  type SetupStep,
} from '../../shared/api/deployments';
import type { Brand } from '../../shared/brand';
import { useBrand } from '../app/use-brand';
import { refreshBalance } from './billing';
import { fillPath } from '../../shared/api/route';
import { call, callAs, download } from '../api/call';
import { logged } from './logged';

/** The saved model-hub token is write-only: the server says only its last 4 characters. */
type UserMeta = { huggingface_token_last4: string | null };

/** The Hosted Deployments calls of the spec's call table, each one an entry of the shared contract. */
export function createDeploymentsApi(brand: Brand) {
  const c = deploymentsContract(brand);
  // The spec: the list answer may be null, which means no deployments.
  const list = c.list.responses[200].schema.nullable().transform((l) => l ?? []);
  const meta = (r: { meta: UserMeta }) => r.meta;

  return {
    types: (): Promise<DeploymentTypeWire[]> => call(c.types).then((r) => r.data),
    list: (): Promise<Deployment[]> => callAs(c.list, list),
    get: (id: string): Promise<Deployment> => call(c.get, { params: { id } }),
    /** what is kept of a deployment that was deleted (404 while it exists) */
    ended: (id: string): Promise<EndedDeployment> => call(c.ended, { params: { id } }),
    /** `idempotencyKey`: one per submit, so a retried request does not create a second machine */
    create: (input: CreateDeploymentInput, idempotencyKey: string): Promise<Deployment> =>
      call(c.create, { headers: { 'Idempotency-Key': idempotencyKey }, body: encodeCreateDeployment(brand, input) }),
    updateTimeout: (id: string, timeoutMins: number | null): Promise<Deployment> => call(c.updateTimeout, { params: { id }, body: { timeoutMins } }),
    updateVersion: (id: string, version: string): Promise<Deployment> => call(c.updateVersion, { params: { id }, body: { version } }),
    remove: (id: string): Promise<void> => call(c.remove, { params: { id } }),
    setupSteps: (id: string): Promise<SetupStep[]> => call(c.setupSteps, { params: { id } }),
    rerunStep: (id: string, stepId: string): Promise<void> => call(c.rerunSetupStep, { params: { id, stepId } }).then(() => undefined),
    provisioningLog: (id: string): Promise<ProvisioningLog> => call(c.provisioningLog, { params: { id } }),
    /** where the logs zip is, for a host that downloads it itself (the desktop app) */
    logsPath: (id: string): string => fillPath(c.logs.path, { id }),
    logs: (id: string): Promise<{ blob: Blob; filename: string }> => download(c.logs, { params: { id } }).then((r) => ({ blob: r.blob, filename: r.filename ?? `${id}-logs.zip` })),
    userMeta: (): Promise<UserMeta> => call(c.userMeta).then(meta),
    updateUserMeta: (huggingfaceToken: string): Promise<UserMeta> => call(c.updateUserMeta, { body: { huggingface_token: huggingfaceToken } }).then(meta),
    releases: (): Promise<ReleasesResponse> => call(c.releases),
    /** one page of every user's deployments with the Deployment Dashboard's search, filters and order (all on the server) */
    adminList: (page: number, filters: AdminDeploymentsFilters = {}): Promise<AdminDeploymentsPage> => call(c.adminList, { query: { ...filters, page } }),
    /** `batch`: the id and size of the bulk delete this is part of (the audit log groups them) */
    adminRemove: (id: string, batch?: { id: string; size: number }): Promise<void> => call(c.adminRemove, { params: { id }, query: batch ? { batch: batch.id, batch_size: batch.size } : {} }),
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

/** The user's deployments are polled every 5 s (spec). */
export const deploymentsPollMs = 5000;

export const deploymentKeys = {
  all: ['deployments'] as const,
  list: ['deployments', 'list'] as const,
  one: (id: string) => ['deployments', 'one', id] as const,
  ended: (id: string) => ['deployments', 'ended', id] as const,
  setupSteps: (id: string) => ['deployments', 'setup-steps', id] as const,
  provisioningLog: (id: string) => ['deployments', 'provisioning-log', id] as const,
  types: ['deployments', 'types'] as const,
  releases: ['releases'] as const,
  userMeta: ['user-meta'] as const,
};

export function useDeploymentsApi(): DeploymentsApi {
  return deploymentsApi(useBrand());
}

export function useDeploymentTypes() {
  const api = useDeploymentsApi();
  return useQuery({ queryKey: deploymentKeys.types, queryFn: api.types, staleTime: 5 * 60_000 });
}

export function useReleases(enabled: boolean) {
  const api = useDeploymentsApi();
  return useQuery({ queryKey: deploymentKeys.releases, queryFn: api.releases, staleTime: 60_000, enabled });
}

export function useUserMeta(enabled: boolean) {
  const api = useDeploymentsApi();
  return useQuery({ queryKey: deploymentKeys.userMeta, queryFn: api.userMeta, enabled });
}

/** GET /api/deployments every 5 s; a failed listing is an empty list (spec, section 8). */
export function useDeployments(enabled: boolean) {
  const api = useDeploymentsApi();
  return useQuery({
    queryKey: deploymentKeys.list,
    queryFn: async (): Promise<Deployment[]> => {
      try {
        return await api.list();
      } catch (err) {
        console.warn('Listing deployments failed', err);
        return [];
      }
    },
    refetchInterval: deploymentsPollMs,
    enabled,
  });
}

/** A deployment a link names that is not in the list: when it was deleted and by whom (an error: it was never the account's). */
export function useEndedDeployment(id: string, enabled: boolean) {
  const api = useDeploymentsApi();
  return useQuery({ queryKey: deploymentKeys.ended(id), queryFn: () => api.ended(id), enabled, retry: false, staleTime: Infinity });
}

/** The provisioning output, fetched when shown; read again each time it is opened (a live log grows). */
export function useProvisioningLog(id: string, enabled: boolean) {
  const api = useDeploymentsApi();
  return useQuery({ queryKey: deploymentKeys.provisioningLog(id), queryFn: () => api.provisioningLog(id), enabled, staleTime: 0 });
}

/** Setup steps are polled every 5 s while any step is pending or running (spec). */
export const setupStepsPollMs = 5000;

export function setupStepsActive(steps: readonly SetupStep[] | undefined): boolean {
  return !!steps?.some((s) => s.status === 'pending' || s.status === 'running');
}

/** A GPU deployment's setup steps, polled every 5 s while any is pending or running. */
export function useSetupSteps(id: string) {
  const api = useDeploymentsApi();
  return useQuery({
    queryKey: deploymentKeys.setupSteps(id),
    queryFn: () => api.setupSteps(id),
    refetchInterval: (query) => (setupStepsActive(query.state.data) ? setupStepsPollMs : false),
  });
}

function useInvalidatingMutation<V, R>(fn: (api: DeploymentsApi, v: V) => Promise<R>, keys: (v: V) => readonly (readonly unknown[])[]) {
  const api = useDeploymentsApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => fn(api, v),
    onSettled: (_d, _e, v) => Promise.all(keys(v).map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export function useUpdateTimeout() {
  return useInvalidatingMutation(
    (api, v: { id: string; timeoutMins: number | null }) => api.updateTimeout(v.id, v.timeoutMins),
    () => [deploymentKeys.list],
  );
}

export function useUpdateVersion() {
  return useInvalidatingMutation(
    (api, v: { id: string; version: string }) => api.updateVersion(v.id, v.version),
    () => [deploymentKeys.list],
  );
}

export function useDeleteDeployment() {
  return useInvalidatingMutation(
    async (api, id: string) => {
      await api.remove(id);
      refreshBalance(); // the hourly burn changes
    },
    () => [deploymentKeys.list],
  );
}

export function useRerunStep() {
  return useInvalidatingMutation(
    (api, v: { id: string; stepId: string }) => api.rerunStep(v.id, v.stepId),
    (v) => [deploymentKeys.setupSteps(v.id)],
  );
}

/** Saves a typed model-hub token; the saved token's last 4 characters replace the cached ones. */
export function useSaveModelHubToken() {
  const api = useDeploymentsApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.updateUserMeta(token.trim()),
    onSuccess: (meta) => client.setQueryData(deploymentKeys.userMeta, meta),
  });
}

/**
 * POST /api/deployments with one new Idempotency-Key per call (one call per submit): the balance
 * refreshes (the first hour is charged at create) and so does the list.
 */
export function useCreateDeploymentMutation() {
  const api = useDeploymentsApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDeploymentInput) => api.create(input, crypto.randomUUID()),
    onSuccess: () => {
      refreshBalance();
      void client.invalidateQueries({ queryKey: deploymentKeys.list });
    },
  });
}

/** A new deployment is done starting (up, failed or timed out): the list refreshes; a GPU machine that is up has its setup steps loaded at once. */
export function useDeploymentStarted(): (id: string, loadSetupSteps: boolean) => void {
  const api = useDeploymentsApi();
  const client = useQueryClient();
  return useCallback(
    (id, loadSetupSteps) => {
      void client.invalidateQueries({ queryKey: deploymentKeys.list });
      if (loadSetupSteps) void client.prefetchQuery({ queryKey: deploymentKeys.setupSteps(id), queryFn: () => api.setupSteps(id) });
    },
    [api, client],
  );
}

/** The admin Deployment Dashboard is polled every 10 s (spec). */
export const adminDeploymentsPollMs = 10_000;
export const adminDeploymentsKey = ['admin', 'deployments'] as const;

export interface AdminDeploymentsPage {
  deployments: Deployment[];
  total: number;
  total_pages: number;
}

export function useAdminDeployments(page: number, filters: AdminDeploymentsFilters) {
  const api = useDeploymentsApi();
  return useQuery({
    queryKey: [...adminDeploymentsKey, page, filters],
    queryFn: () => api.adminList(page, filters),
    refetchInterval: adminDeploymentsPollMs,
    placeholderData: keepPreviousData,
  });
}

export type AdminRemoveOutcome = { id: string; result: PromiseSettledResult<void> };

/** An admin deletes one or several deployments (several: one batch, which the audit log groups); every outcome, once the list is fresh. */
export function useAdminRemoveDeployments(): (ids: string[], bulk: boolean) => Promise<AdminRemoveOutcome[]> {
  const api = useDeploymentsApi();
  const client = useQueryClient();
  return useCallback(
    async (ids, bulk) => {
      const batch = bulk ? { id: crypto.randomUUID(), size: ids.length } : undefined;
      const results = await Promise.allSettled(ids.map((id) => api.adminRemove(id, batch)));
      await client.invalidateQueries({ queryKey: adminDeploymentsKey });
      return results.map((result, i) => ({ id: ids[i] ?? '', result }));
    },
    [api, client],
  );
}

/**
 * The setup guide's reads. Spec 8: version and user-meta failures are logged only; a failed
 * version fetch is an empty list. Own keys, so a swallowed failure there never masks an error the
 * Hosted Deployments page would show.
 */
export const guideKeys = {
  releases: ['setup-guide', 'releases'] as const,
  userMeta: ['setup-guide', 'user-meta'] as const,
};

/** Spec 4: the version list loads once (when empty). */
export function useGuideVersions(enabled: boolean) {
  const api = useDeploymentsApi();
  return useQuery({
    queryKey: guideKeys.releases,
    queryFn: () => logged('loading versions', [] as string[], async () => (await api.releases()).versions),
    enabled,
    staleTime: Infinity,
  });
}

export function useGuideUserMeta(signedIn: boolean) {
  const api = useDeploymentsApi();
  return useQuery({
    queryKey: guideKeys.userMeta,
    queryFn: () => logged('loading the saved token', null as string | null, async () => (await api.userMeta()).huggingface_token_last4),
    enabled: signedIn,
  });
}
