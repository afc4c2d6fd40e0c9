import type { ApiRoute } from '../api/route';
import { scopeLabels } from '../api/action-words';
import { scopeRefusal, type ApiKeyScope } from '../api/scopes';
import type { AccountKind } from '../teams/account-kinds';
import { managesMembers, roleLabels, roleRefusal, roleScopes, rolesWith, scopesWithin, type TeamRole } from '../teams/roles';

/**
 * The one authorisation policy (issue 42): every refusal the server answers with 403, and every
 * button a screen hides for the same reason, is decided by `refusal` below in the words the caller
 * reads. The server throws it through server/auth/policy.ts `assertAllowed`; nothing else may
 * (server/auth/policy.guard.test.ts).
 */

/**
 * Who is calling, as far as the policy needs to know: the server's AuthUser fits, and so does a
 * person (id, e-mail) for the actions that only need those. `account` is the account the action
 * is in, with the caller's role there; absent: they are not a member of it.
 */
export interface Actor {
  /** absent: a signed-in person */
  via?: 'token' | 'api-key';
  /** an API key's scopes; null or absent: all the user may */
  scopes?: readonly string[] | null;
  isAdmin?: boolean;
  email?: string;
  emailVerified?: boolean;
  account?: { id: string; kind: AccountKind; role: TeamRole; name: string };
}

/** A person acting in a team with `role` (undefined: no longer a member of it). */
export const asMember = (teamId: string, role: TeamRole | undefined, name = ''): Actor => (role ? { account: { id: teamId, kind: 'team', role, name } } : {});

type RouteEntry = Pick<ApiRoute, 'auth' | 'method' | 'tag' | 'websocket' | 'name'>;

/** Everything the policy decides. */
export type Action =
  /** calling an API route: admin routes need an administrator, then a key's scopes and the role in a team must cover it */
  | { do: 'call'; route: RouteEntry }
  /** anything only an administrator may (admin routes) */
  | { do: 'administer' }
  /** holding a shell on a deployment's machine (short words: a socket's close reason) */
  | { do: 'open-terminal' }
  /** acting in the account `accountId` names (X-Account): `member` says whether the person belongs to that team */
  | { do: 'act-in-account'; accountId: string; member: boolean }
  /** inviting, removing and changing the role of members, revoking invitations, renaming (owner, admin) */
  | { do: 'manage-members'; what: string }
  /** deleting the team and transferring ownership (owner only) */
  | { do: 'own-team'; what: string }
  /** changing the role of a member whose role is `of` (undefined: not known yet) */
  | { do: 'change-role'; of?: TeamRole }
  /** removing a member whose role is `of` (undefined: not known yet), or leaving the team */
  | { do: 'remove-member'; leaving: boolean; of?: TeamRole }
  /** moving credit out of the account the caller acts in */
  | { do: 'move-credit' }
  /** moving credit into the team the actor's account is */
  | { do: 'move-credit-into' }
  /** creating an API key with `scopes` (null or absent: all the account allows) */
  | { do: 'create-api-key'; scopes?: readonly ApiKeyScope[] | null }
  /** accepting an invitation made out to `invited` */
  | { do: 'accept-invitation'; invited: string }
  /** a first sign-in: `email` as the issuer gives it; `joins`: it would join the account another issuer made for that address */
  | { do: 'sign-in'; email: string | undefined; joins?: { verified: boolean; linkingAllowed: boolean } }
  /** starting a machine with a provider that may admit only some callers (a local machine without a sandbox) */
  | { do: 'start-machine'; provider: { admits?(actor: { isAdmin: boolean }): string | undefined } };

/** The refusal of a sign-in without any e-mail address (from the token, the userinfo endpoint or the account on record). */
export const noEmailReason =
  'Sign-in refused: your identity provider gave no e-mail address for this account (neither in the access token nor from its userinfo endpoint). Ask its administrator to release the email claim, then sign in again';

/** The refusal of a first sign-in whose address has an account from another identity provider, which the issuer does not say is verified. */
export const unverifiedEmailReason = (email: string) =>
  `Sign-in refused: ${email} already has an account here, made through another identity provider, and yours does not say this address is verified. Ask its administrator to mark the address verified, then sign in again`;

/** The same, when the operator has not allowed linking by verified e-mail. */
export const linkingOffReason = (email: string) =>
  `Sign-in refused: ${email} already has an account here, made through another identity provider. So that nobody gets a second, empty account, this server joins a new sign-in to it only when its administrator allows it (OIDC_LINK_VERIFIED_EMAIL=true). Ask them, then sign in again`;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const yourRole = (role: TeamRole) => ` (your role: ${roleLabels[role]})`;
const teamRole = (actor: Actor) => (actor.account?.kind === 'team' ? actor.account.role : undefined);

/** Why `actor` may not do `action`, as a sentence a person reads, or undefined when they may. Never names internal ids. */
export function refusal(actor: Actor, action: Action): string | undefined {
  const role = actor.account?.role;
  switch (action.do) {
    case 'call': {
      if (action.route.auth === 'admin' && !actor.isAdmin) return 'Admin access required';
      const inTeam = teamRole(actor);
      return (actor.via === 'api-key' ? scopeRefusal(actor.scopes, action.route) : undefined) ?? (inTeam ? roleRefusal(inTeam, action.route) : undefined);
    }
    case 'administer':
      return actor.isAdmin ? undefined : 'Admin access required';
    case 'open-terminal': {
      const inTeam = teamRole(actor);
      if (actor.via === 'api-key' && actor.scopes && !actor.scopes.includes('deploy')) return 'this API key was made without the Deploy permission';
      return inTeam && !roleScopes[inTeam].includes('deploy') ? 'your role in this team cannot open terminals' : undefined;
    }
    case 'act-in-account':
      if (action.accountId === actor.account?.id) return undefined;
      if (actor.via === 'api-key') return 'An API key acts only in its own account: leave out the X-Account header';
      return action.member ? undefined : 'You are not a member of this team';
    case 'manage-members':
      return role && managesMembers(role) ? undefined : `Only the team's owner or an admin can ${action.what}${role ? yourRole(role) : ''}`;
    case 'own-team':
      return role === 'owner' ? undefined : `Only the team's owner can ${action.what}${role ? yourRole(role) : ''}`;
    case 'change-role':
      if (action.of === 'owner') return "The owner's role changes only by transferring ownership";
      return refusal(actor, { do: 'manage-members', what: "change members' roles" });
    case 'remove-member':
      if (action.of === 'owner') return 'The owner cannot be removed: transfer ownership first';
      return action.leaving ? undefined : refusal(actor, { do: 'manage-members', what: 'remove members' });
    case 'move-credit':
      return actor.via === 'api-key' ? 'API keys cannot move credit: sign in to move it' : undefined;
    case 'move-credit-into':
      return role && roleScopes[role].includes('billing') ? undefined : `Only ${rolesWith('billing')} of ${actor.account?.name ?? 'this team'} can move credit into it`;
    case 'create-api-key':
      return apiKeyRefusal(actor, action.scopes);
    case 'accept-invitation':
      if (!actor.email || !sameEmail(actor.email, action.invited)) return `This invitation is for ${action.invited}: sign in with that address`;
      return actor.emailVerified === true ? undefined : `Your e-mail address ${actor.email} is not verified: verify it with your sign-in provider, then open the link again`;
    case 'sign-in':
      if (action.email === undefined) return noEmailReason;
      if (action.joins && !action.joins.verified) return unverifiedEmailReason(action.email);
      if (action.joins && !action.joins.linkingAllowed) return linkingOffReason(action.email);
      return undefined;
    case 'start-machine':
      return action.provider.admits?.({ isAdmin: actor.isAdmin === true });
  }
}

/** Whether `actor` may do `action` (a screen shows the button, a list shows the row). */
export const allows = (actor: Actor, action: Action): boolean => refusal(actor, action) === undefined;

/**
 * A key is never made by a key (a leaked key must not mint others); a team's key acts as its
 * creator within their role, so it gets no scope the role lacks and never `admin`; only
 * administrators give a key `admin`.
 */
function apiKeyRefusal(actor: Actor, wanted: readonly ApiKeyScope[] | null | undefined): string | undefined {
  if (actor.via === 'api-key') return 'API keys cannot create API keys: sign in to create one';
  const inTeam = teamRole(actor);
  const scopes = inTeam ? scopesWithin(inTeam, wanted) : (wanted ?? null);
  const beyondRole = inTeam && wanted?.find((s) => !scopes?.includes(s));
  if (beyondRole === 'admin') return 'A key made in a team cannot have the Admin permission';
  if (beyondRole) return `Only ${rolesWith(beyondRole)} can give a key in this team the ${scopeLabels[beyondRole]} permission`;
  if (scopes?.includes('admin') && !actor.isAdmin) return 'Only administrators can create keys with the Admin permission';
  return undefined;
}
