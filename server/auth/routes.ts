import Router from '@koa/router';
import { authContract as c, type PublicConfig } from '../../shared/api/auth';
import type { AppDeps } from '../deps';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import type { TerminalEnds } from '../terminal/ends';
import { createApiKey, listApiKeys, revokeOwnApiKey } from './api-keys/service';
import { findUserById } from './users-queries';
import { auditWho } from '../audit/service';

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

  register(c.createApiKey, ({ body, user }, ctx) => createApiKey(deps, user, body, deps.config.apiKeysPerUser, auditWho(ctx)));

  register(c.revokeApiKey, async ({ params, user }, ctx) => {
    await revokeOwnApiKey(deps.db, deps.clock, user.id, params.id, auditWho(ctx), terminalEnds?.apiKeyRevoked);
  });

  return router;
}
