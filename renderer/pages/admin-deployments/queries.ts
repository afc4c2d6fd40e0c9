import { useQuery } from '@tanstack/react-query';
import { useDeploymentsApi } from '../deployments/queries';

/** The admin Deployment Dashboard is polled every 10 s (spec). */
export const adminDeploymentsPollMs = 10_000;
export const adminDeploymentsKey = ['admin', 'deployments'] as const;

export function useAdminDeployments() {
  const api = useDeploymentsApi();
  return useQuery({ queryKey: adminDeploymentsKey, queryFn: api.adminList, refetchInterval: adminDeploymentsPollMs });
}
