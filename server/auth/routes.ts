import Router from '@koa/router';
import { authContract as c, type PublicConfig } from '../../shared/api/auth';
import type { AppDeps } from '../deps';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import type { TerminalEnds } from '../terminal/ends';
import { createApiKey, listApiKeys, revokeOwnApiKey } from './api-keys/service';
import { findUserById } from './users-queries';

export function authRoutes(deps: AppDeps, publicConfig: PublicConfig, terminalEnds?: Pick<TerminalEnds, 'apiKeyRevoked'>): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);

  register(c.publicConfig, () => publicConfig);

  register(c.checkAdmin, ({ user }) => ({ isAdmin: user.isAdmin }));

  register(c.me, async ({ user }) => {
    const row = await findUserById(deps.db, user.id);
    return { id: user.id, email: user.email, isAdmin: user.isAdmin, createdAt: (row?.createdAt ?? new Date()).toISOString() };
  });

  register(c.listApiKeys, async ({ user }) => ({ keys: await listApiKeys(deps.db, user.id) }));

  register(c.createApiKey, ({ body, user }) => createApiKey(deps.db, user, body.name, deps.config.apiKeysPerUser));

  register(c.revokeApiKey, async ({ params, user }) => {
    await revokeOwnApiKey(deps.db, deps.clock, user.id, params.id, terminalEnds?.apiKeyRevoked);
  });

  return router;
}
