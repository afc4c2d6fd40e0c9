import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authContract as c } from '../../shared/api/auth';
import { call } from '../api/call';

export const authApi = {
  publicConfig: () => call(c.publicConfig),
  checkAdmin: () => call(c.checkAdmin),
  me: () => call(c.me),
  listApiKeys: () => call(c.listApiKeys),
  createApiKey: (name: string) => call(c.createApiKey, { body: { name } }),
  revokeApiKey: (id: string) => call(c.revokeApiKey, { params: { id } }),
};

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
