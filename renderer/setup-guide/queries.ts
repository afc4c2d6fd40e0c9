import { useQuery } from '@tanstack/react-query';
import type { License } from '../../shared/api/licenses';
import { licensesApi } from '../api/licenses';
import { useDeploymentsApi } from '../pages/deployments/queries';

/**
 * The guide's reads. Spec 8: version, license and user-meta failures are logged only; a failed
 * version fetch is an empty list. Own keys, so a swallowed failure here never masks an error the
 * Licenses or Hosted Deployments pages would show.
 */
export const setupGuideKeys = {
  releases: ['setup-guide', 'releases'] as const,
  licenses: ['setup-guide', 'licenses'] as const,
  userMeta: ['setup-guide', 'user-meta'] as const,
};

async function logged<T>(what: string, fallback: T, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    console.warn(`Setup guide: ${what} failed`, err);
    return fallback;
  }
}

/** Spec 4: the version list loads once (when empty). */
export function useGuideVersions(enabled: boolean) {
  const api = useDeploymentsApi();
  return useQuery({
    queryKey: setupGuideKeys.releases,
    queryFn: () => logged('loading versions', [] as string[], async () => (await api.releases()).versions),
    enabled,
    staleTime: Infinity,
  });
}

export function useGuideLicenses(signedIn: boolean) {
  return useQuery({
    queryKey: setupGuideKeys.licenses,
    queryFn: () => logged('loading licenses', undefined as License[] | undefined, licensesApi.list),
    enabled: signedIn,
  });
}

export function useGuideUserMeta(signedIn: boolean) {
  const api = useDeploymentsApi();
  return useQuery({
    queryKey: setupGuideKeys.userMeta,
    queryFn: () => logged('loading the saved token', null as string | null, async () => (await api.userMeta()).huggingface_token),
    enabled: signedIn,
  });
}
