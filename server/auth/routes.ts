import Router from '@koa/router';
import { authContract as c, type PublicConfig } from '../../shared/api/auth';
import type { AppDeps } from '../deps';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import type { TerminalEnds } from '../terminal/ends';
import { type ApiKeyNotices, createApiKey, listApiKeys, revokedApiKey, revokeOwnApiKey } from './api-keys/service';
import { findUserById } from './users-queries';
import { recordSignOut, signedOutUntil } from './signed-out';
import { auditWho } from '../http/audit-who';
import { teamsOf } from '../teams/membership';
import { allows } from './policy';

export function authRoutes(deps: AppDeps, publicConfig: PublicConfig, terminalEnds?: Pick<TerminalEnds, 'apiKeyRevoked' | 'signedOut'>, notices?: ApiKeyNotices): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);

  register(c.publicConfig, () => publicConfig);

  register(c.checkAdmin, ({ user }) => ({ isAdmin: user.isAdmin }));

  register(c.me, async ({ user }) => {
    const [row, teams] = await Promise.all([findUserById(deps.db, user.id), teamsOf(deps.db, user.id)]);
    const personal = { id: user.id, kind: 'personal' as const, name: user.email, role: 'owner' as const };
    return {
      id: user.id,
      email: user.email,
      isAdmin: user.isAdmin,
      createdAt: (row?.createdAt ?? new Date()).toISOString(),
      accounts: [personal, ...teams.map((t) => ({ id: t.id, kind: 'team' as const, name: t.name, role: t.role }))],
    };
  });

  register(c.listApiKeys, async ({ user }) => ({ keys: await listApiKeys(deps.db, user.account.id) }));

  register(c.createApiKey, ({ body, user }, ctx) => createApiKey({ db: deps.db, clock: deps.clock, notices }, user, body, deps.config.apiKeysPerUser, auditWho(ctx)));

  // The token's `sid` names the sign-in session: every token of it is refused from now on, on every
  // instance (server/auth/signed-out.ts), and its terminals here end. An API key has no session to end (revoke the key).
  register(c.signOut, async ({ user }, ctx) => {
    if (user.via !== 'token' || !user.session) return;
    const now = deps.clock.now();
    const token = ctx.get('authorization').replace(/^Bearer\s+/i, '');
    await recordSignOut(deps.db, { userId: user.id, sessionKey: user.session.key, until: signedOutUntil(token, now), now });
    terminalEnds?.signedOut(user.id, user.session.sid);
  });

  register(c.revokedApiKey, ({ params, user }) => revokedApiKey(deps.db, user.account.id, params.id));

  register(c.revokeApiKey, async ({ params, user }, ctx) => {
    // Members who do not manage the team revoke only the team keys they made themselves.
    const onlyOwn = allows(user, { do: 'manage-members', what: "revoke others' keys" }) ? undefined : user.id;
    await revokeOwnApiKey(deps.db, deps.clock, user.account.id, params.id, auditWho(ctx), terminalEnds?.apiKeyRevoked, 'auth.api_key.revoked', onlyOwn);
  });

  return router;
}
