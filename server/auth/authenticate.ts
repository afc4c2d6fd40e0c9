import type { Middleware } from 'koa';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { unauthorized } from '../http/errors';
import { personalAccount, type AppState, type AuthUser } from '../http/types';
import { parse } from '../http/validate';
import { accountHeader, accountRoleHeader } from '../../shared/api/teams';
import { scopesWithin } from '../../shared/teams/roles';
import { assertAllowed } from './policy';
import { membershipOf } from '../teams/membership';
import { z } from 'zod';
import { isApiKey, userForApiKey } from './api-keys/service';
import { createTokenCache } from './token-cache';
import { sessionKeyOf, sidOf } from './signed-out';
import { signOutCheck, signedOutReason, type SignOutCheck } from './sign-out-check';
import type { TokenVerifier, VerifiedToken } from './token-verifier';
import { findUserById, recordSignIn, type UserRow } from './users-queries';
import { noEmailReason, personOf } from './identity';
import { linkLicencesToUser } from '../licenses/queries';
import type { EmailLookup } from './userinfo';

export interface Authenticator {
  /** The caller behind a bearer credential (OIDC access token or API key), in their personal account or a team key's team; throws 401 when it is not valid. */
  identify(bearer: string, ip?: string): Promise<AuthUser>;
  /** The same, leaving a known token's sign-out check to the request (server/auth/sign-out-check.ts): `signOut` is undefined when nothing is left to check. */
  identifyPending(bearer: string, ip?: string): Promise<{ user: AuthUser; signOut?: SignOutCheck }>;
  /** The same caller acting in the account `accountId` names (a team they belong to): 403 when they are not a member, or when an API key asks for another account than its own. */
  inAccount(user: AuthUser, accountId: string): Promise<AuthUser>;
}

export interface AuthenticatorDeps {
  db: Db;
  clock: Clock;
  verifier: TokenVerifier;
  admin: Config['admin'];
  /** how tokens find people's accounts across issuer addresses (server/auth/identity.ts) */
  identity: Config['identity'];
  emails?: EmailLookup;
  /** after a token's first use (its user row is up to date): an external issuer's groups become team memberships */
  onSignIn?: (user: UserRow, token: VerifiedToken) => Promise<void>;
}

export function createAuthenticator(deps: AuthenticatorDeps): Authenticator {
  const isAdmin = (email: string, roles: string[]) => deps.admin.emails.includes(email) || roles.includes(deps.admin.role);
  const verified = createTokenCache({ max: 10_000, now: () => deps.clock.now().getTime() });
  const authenticator: Authenticator = {
    async identify(bearer, ip) {
      const { user, signOut } = await authenticator.identifyPending(bearer, ip);
      await signOut?.settle();
      return user;
    },
    async identifyPending(bearer, ip) {
      if (isApiKey(bearer)) {
        const found = await userForApiKey(deps.db, deps.clock, bearer, ip);
        if (!found) throw unauthorized('API key is not valid');
        const { user, scopes } = found;
        if (user.kind === 'team') return { user: await teamKeyCaller(deps.db, user, found.createdBy, scopes) };
        // An API key carries no role claim: its owner's admin e-mail, or the admin role their latest
        // sign-in's token carried (a role taken away shows at their next sign-in), makes it an admin key.
        return { user: { id: user.id, email: user.email, isAdmin: isAdmin(user.email, []) || user.idpAdmin, via: 'api-key', scopes, account: personalAccount(user) } };
      }
      const cached = verified.get(bearer);
      // Known already: only whether its session signed out is left, for the request to settle.
      if (cached) return { user: cached, signOut: cached.session && signOutCheck(deps.db, cached.session.key, deps.clock.now()) };
      const token = await deps.verifier.verify(bearer);
      const sid = sidOf(bearer);
      const session = { key: sessionKeyOf(bearer, sid), sid };
      // A signed-out session's token is refused before it counts as a sign-in.
      await signOutCheck(deps.db, session.key, deps.clock.now()).settle();
      // The access token may carry no email (RFC 9068 tokens rarely do): then the issuer's userinfo says it.
      const email = token.email ?? (await deps.emails?.emailOf(token.subject, bearer));
      // Refused with the reason when there is no address, or when it is another issuer's account's and not linked.
      const user = await personOf(
        { db: deps.db, clock: deps.clock, settings: deps.identity },
        { issuer: token.issuer, subject: token.subject, email, emailVerified: token.emailVerified, idpAdmin: token.roles.includes(deps.admin.role) },
        ip,
      );
      // A licence an administrator issued to this e-mail before the account existed becomes the account's.
      await linkLicencesToUser(deps.db, user.id, user.email);
      // The token's session (`sid`), once per session: the customer page's last sign-ins. Tokens without one are not counted.
      if (sid !== undefined) await recordSignIn(deps.db, user.id, sid, ip, deps.clock.now());
      await deps.onSignIn?.(user, token);
      const identified: AuthUser = {
        id: user.id,
        email: user.email,
        isAdmin: isAdmin(user.email, token.roles),
        via: 'token',
        emailVerified: token.emailVerified,
        account: personalAccount(user),
        session,
      };
      verified.set(bearer, identified, token.expiresAt);
      return { user: identified };
    },
    async inAccount(user, accountId) {
      if (accountId === user.account.id) return user;
      const own = accountId === user.id;
      const member = own || user.via === 'api-key' ? undefined : await membershipOf(deps.db, accountId, user.id);
      assertAllowed(user, { do: 'act-in-account', accountId, member: own || member !== undefined });
      if (!member) return { ...user, account: personalAccount(user) };
      return { ...user, account: { id: accountId, kind: 'team', role: member.role, name: member.name, email: '' } };
    },
  };
  return authenticator;
}

/**
 * A team's key acts as the member who created it, within both the key's scopes and their current
 * role; a creator who is no longer a member has no key (removal revokes them, this is the net).
 */
async function teamKeyCaller(db: Db, team: UserRow, createdBy: string | null, keyScopes: string[] | null): Promise<AuthUser> {
  const person = createdBy ? await findUserById(db, createdBy) : undefined;
  const member = person ? await membershipOf(db, team.id, person.id) : undefined;
  if (!person || !member) throw unauthorized('API key is not valid');
  return {
    id: person.id,
    email: person.email,
    isAdmin: false,
    via: 'api-key',
    scopes: scopesWithin(member.role, keyScopes),
    account: { id: team.id, kind: 'team', role: member.role, name: member.name, email: '' },
  };
}

export { noEmailReason, signedOutReason };

/** What names an account: `X-Account` here, the terminal socket's `account` parameter in server/terminal/authorise.ts. */
export const accountIdSchema = z.uuid(`${accountHeader} must be an account id (a team's id from GET /api/teams)`);

/** Reads an `Authorization: Bearer` header when present, and the account the request acts in (`X-Account`); routes decide whether a user is required. */
export function authenticate(auth: Authenticator): Middleware<AppState> {
  return async (ctx, next) => {
    const header = ctx.get('Authorization');
    if (header) {
      const match = /^Bearer\s+(\S{1,8192})$/i.exec(header);
      if (!match?.[1]) throw unauthorized('Authorization header must be "Bearer <token>"');
      const { user, signOut } = await auth.identifyPending(match[1], ctx.ip);
      ctx.state.signOut = signOut;
      const account = ctx.get(accountHeader);
      // a signed-out token is told so before whether it may act in the account
      if (account) await signOut?.settle();
      ctx.state.user = account ? await auth.inAccount(user, parse(accountIdSchema, account, `${accountHeader} header`)) : user;
      if (ctx.state.user.account.kind === 'team') ctx.set(accountRoleHeader, ctx.state.user.account.role);
    }
    await next();
    // A route registers through server/http/register.ts, which settles the check before its handler
    // (or after a read that folds it in); this is the net for any answer that came another way.
    await ctx.state.signOut?.settle();
  };
}

export const requireUser: Middleware<AppState> = async (ctx, next) => {
  if (!ctx.state.user) throw unauthorized();
  await next();
};

/** The signed-in user inside a handler behind requireUser. */
export function currentUser(state: AppState): AuthUser {
  if (!state.user) throw unauthorized();
  return state.user;
}
