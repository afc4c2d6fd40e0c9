import { useBrand } from '../../app/use-brand';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Deployment } from '../../../shared/api/deployments';
import { type DeploymentsApi, deploymentsApi } from '../../api/deployments';
import { refreshBalance } from '../../shell/balance-events';
import { setupStepsActive, setupStepsPollMs } from './setup-steps';

/** The user's deployments are polled every 5 s (spec). */
export const deploymentsPollMs = 5000;

export const deploymentKeys = {
  all: ['deployments'] as const,
  list: ['deployments', 'list'] as const,
  one: (id: string) => ['deployments', 'one', id] as const,
  setupSteps: (id: string) => ['deployments', 'setup-steps', id] as const,
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
