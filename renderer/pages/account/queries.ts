import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../api/auth';

export const apiKeysKey = ['auth', 'api-keys'] as const;

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey, queryFn: authApi.listApiKeys, select: (d) => d.keys });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => authApi.createApiKey(name),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => authApi.revokeApiKey(id),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
