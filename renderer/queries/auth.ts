import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authContract as c, type CreateApiKeyBody } from '../../shared/api/auth';
import { call, callAsPerson } from '../api/call';
import { auditKeys } from './audit';

export const authApi = {
  publicConfig: () => call(c.publicConfig),
  checkAdmin: () => call(c.checkAdmin),
  // who the person is and which accounts they may act in, whichever account the tab is in
  me: () => callAsPerson(c.me),
  signOut: () => call(c.signOut),
  listApiKeys: () => call(c.listApiKeys),
  createApiKey: (body: CreateApiKeyBody) => call(c.createApiKey, { body }),
  revokeApiKey: (id: string) => call(c.revokeApiKey, { params: { id } }),
  revokedApiKey: (id: string) => call(c.revokedApiKey, { params: { id } }),
};

export const apiKeysKey = ['auth', 'api-keys'] as const;
export const meKey = ['auth', 'me'] as const;

/** The signed-in person and the accounts they may act in (personal first, then their teams). */
export function useMe(enabled = true) {
  return useQuery({ queryKey: meKey, queryFn: authApi.me, enabled, staleTime: 60_000 });
}

/** What is kept of a revoked key of the account, for the page its notices link to. */
export function useRevokedApiKey(id: string, enabled: boolean) {
  return useQuery({ queryKey: [...apiKeysKey, 'ended', id], queryFn: () => authApi.revokedApiKey(id), enabled, retry: false, staleTime: Infinity });
}

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
