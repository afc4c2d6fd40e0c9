import type { Middleware } from 'koa';
import type { ApiRoute } from '../../shared/api/route';
import { scopeRefusal } from '../../shared/api/scopes';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { forbidden, unauthorized } from '../http/errors';
import type { AppState, AuthUser } from '../http/types';
import { isApiKey, userForApiKey } from './api-keys/service';
import { createTokenCache } from './token-cache';
import type { TokenVerifier } from './token-verifier';
import { recordSignIn, upsertUser } from './users-queries';
import { decodeJwt } from 'jose';
import { linkLicencesToUser } from '../licenses/queries';
import type { EmailLookup } from './userinfo';

export interface Authenticator {
  /** The caller behind a bearer credential (OIDC access token or personal API key); throws 401 when it is not valid. */
  identify(bearer: string, ip?: string): Promise<AuthUser>;
}

export function createAuthenticator(deps: { db: Db; clock: Clock; verifier: TokenVerifier; admin: Config['admin']; emails?: EmailLookup }): Authenticator {
  const isAdmin = (email: string, roles: string[]) => deps.admin.emails.includes(email) || roles.includes(deps.admin.role);
  const verified = createTokenCache({ max: 10_000, now: () => deps.clock.now().getTime() });
  return {
    async identify(bearer, ip) {
      if (isApiKey(bearer)) {
        const found = await userForApiKey(deps.db, deps.clock, bearer, ip);
        if (!found) throw unauthorized('API key is not valid');
        const { user, scopes } = found;
        // An API key carries no role claim: its owner's admin e-mail, or the admin role their latest
        // sign-in's token carried (a role taken away shows at their next sign-in), makes it an admin key.
        return { id: user.id, email: user.email, isAdmin: isAdmin(user.email, []) || user.idpAdmin, via: 'api-key', scopes };
      }
      const cached = verified.get(bearer);
      if (cached) return cached;
      const token = await deps.verifier.verify(bearer);
      // The access token may carry no email (RFC 9068 tokens rarely do): then the issuer's userinfo says it.
      const email = token.email ?? (await deps.emails?.emailOf(token.subject, bearer));
      const user = await upsertUser(deps.db, token.issuer, token.subject, email, token.roles.includes(deps.admin.role));
      // A licence an administrator issued to this e-mail before the account existed becomes the account's.
      await linkLicencesToUser(deps.db, user.id, user.email);
      // The token's session (`sid`), once per session: the customer page's last sign-ins. Tokens without one are not counted.
      const sid = sessionOf(bearer);
      if (typeof sid === 'string' && sid !== '') await recordSignIn(deps.db, user.id, sid.slice(0, 200), ip, deps.clock.now());
      const identified: AuthUser = { id: user.id, email: user.email, isAdmin: isAdmin(user.email, token.roles), via: 'token' };
      verified.set(bearer, identified, token.expiresAt);
      return identified;
    },
  };
}

function sessionOf(bearer: string): unknown {
  try {
    return decodeJwt(bearer).sid;
  } catch {
    return undefined;
  }
}

/** Reads an `Authorization: Bearer` header when present; routes decide whether a user is required. */
export function authenticate(auth: Authenticator): Middleware<AppState> {
  return async (ctx, next) => {
    const header = ctx.get('Authorization');
    if (header) {
      const match = /^Bearer\s+(\S{1,8192})$/i.exec(header);
      if (!match?.[1]) throw unauthorized('Authorization header must be "Bearer <token>"');
      ctx.state.user = await auth.identify(match[1], ctx.ip);
    }
    await next();
  };
}

export const requireUser: Middleware<AppState> = async (ctx, next) => {
  if (!ctx.state.user) throw unauthorized();
  await next();
};

/** A scoped API key may call only the routes its scopes cover (shared/api/scopes.ts): 403 naming the scope it lacks. */
export function requireScope(entry: Pick<ApiRoute, 'auth' | 'method' | 'tag' | 'websocket' | 'name'>): Middleware<AppState> {
  return async (ctx, next) => {
    const user = ctx.state.user;
    const refusal = user?.via === 'api-key' ? scopeRefusal(user.scopes, entry) : undefined;
    if (refusal) throw forbidden(refusal);
    await next();
  };
}

export const requireAdmin: Middleware<AppState> = async (ctx, next) => {
  if (!ctx.state.user) throw unauthorized();
  if (!ctx.state.user.isAdmin) throw forbidden();
  await next();
};

/** The signed-in user inside a handler behind requireUser. */
export function currentUser(state: AppState): AuthUser {
  if (!state.user) throw unauthorized();
  return state.user;
}
