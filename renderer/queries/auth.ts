import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authContract as c, type CreateApiKeyBody } from '../../shared/api/auth';
import { call } from '../api/call';
import { auditKeys } from './audit';

export const authApi = {
  publicConfig: () => call(c.publicConfig),
  checkAdmin: () => call(c.checkAdmin),
  me: () => call(c.me),
  signOut: () => call(c.signOut),
  listApiKeys: () => call(c.listApiKeys),
  createApiKey: (body: CreateApiKeyBody) => call(c.createApiKey, { body }),
  revokeApiKey: (id: string) => call(c.revokeApiKey, { params: { id } }),
};

export const apiKeysKey = ['auth', 'api-keys'] as const;

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey, queryFn: authApi.listApiKeys, select: (d) => d.keys });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => authApi.createApiKey(body),
    // the account's activity shows the new key's event
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: apiKeysKey }), client.invalidateQueries({ queryKey: auditKeys.mine })]),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => authApi.revokeApiKey(id),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: apiKeysKey }), client.invalidateQueries({ queryKey: auditKeys.mine })]),
  });
}
