import { authContract as c } from '../../shared/api/auth';
import { call } from './call';

export const authApi = {
  publicConfig: () => call(c.publicConfig),
  checkAdmin: () => call(c.checkAdmin),
  me: () => call(c.me),
  listApiKeys: () => call(c.listApiKeys),
  createApiKey: (name: string) => call(c.createApiKey, { body: { name } }),
  revokeApiKey: (id: string) => call(c.revokeApiKey, { params: { id } }),
};
