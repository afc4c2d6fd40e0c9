import Router from '@koa/router';
import { decodeJwt } from 'jose';
import { authContract as c, type PublicConfig } from '../../shared/api/auth';
import type { AppDeps } from '../deps';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import type { TerminalEnds } from '../terminal/ends';
import { createApiKey, listApiKeys, revokeOwnApiKey } from './api-keys/service';
import { findUserById } from './users-queries';
import { auditWho } from '../http/audit-who';

/** The `sid` claim of the bearer access token (already verified by authenticate). */
function sessionIdOf(authorization: string): string | undefined {
  const sid = decodeJwt(authorization.replace(/^Bearer\s+/i, '')).sid;
  return typeof sid === 'string' ? sid : undefined;
}

export function authRoutes(deps: AppDeps, publicConfig: PublicConfig, terminalEnds?: Pick<TerminalEnds, 'apiKeyRevoked' | 'signedOut'>): Router<AppState> {
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

  // The token's `sid` names the sign-in session; an API key has no session to end (revoke the key).
  register(c.signOut, ({ user }, ctx) => {
    if (user.via === 'token') terminalEnds?.signedOut(user.id, sessionIdOf(ctx.get('authorization')));
  });

  register(c.revokeApiKey, async ({ params, user }, ctx) => {
    await revokeOwnApiKey(deps.db, deps.clock, user.id, params.id, auditWho(ctx), terminalEnds?.apiKeyRevoked);
  });

  return router;
}
