import { apiKeyList, checkAdminResponse, createdApiKey, meResponse, publicConfig } from '../../shared/api/auth';
import { apiRequest } from './client';

export const authApi = {
  publicConfig: () => apiRequest('/api/config', { schema: publicConfig }),
  checkAdmin: () => apiRequest('/api/auth/check-admin', { schema: checkAdminResponse }),
  me: () => apiRequest('/api/auth/me', { schema: meResponse }),
  listApiKeys: () => apiRequest('/api/auth/api-keys', { schema: apiKeyList }),
  createApiKey: (name: string) => apiRequest('/api/auth/api-keys', { method: 'POST', body: { name }, schema: createdApiKey }),
  revokeApiKey: (id: string) => apiRequest<void>(`/api/auth/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
