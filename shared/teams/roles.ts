import { actionWords } from '../api/action-words';
import type { ApiRoute } from '../api/route';
import { scopeOf, type ApiKeyScope } from '../api/scopes';

/**
 * Team roles (issue 34). One rule table: what each role may do, in the scopes API keys use, so a
 * route needs the same scope from a key and from a member's role (shared/api/scopes.ts scopeOf).
 */
export const teamRoles = ['owner', 'admin', 'member', 'billing'] as const;
export type TeamRole = (typeof teamRoles)[number];

/** Roles an invitation or a role change may give: ownership moves only by a transfer. */
export const assignableRoles = ['admin', 'member', 'billing'] as const satisfies readonly TeamRole[];
export type AssignableRole = (typeof assignableRoles)[number];

export const roleScopes: Readonly<Record<TeamRole, readonly ApiKeyScope[]>> = {
  /** everything, and transferring ownership and deleting the team */
  owner: ['read', 'deploy', 'billing'],
  /** members, billing and deployments */
  admin: ['read', 'deploy', 'billing'],
  /** create and use deployments, see the balance */
  member: ['read', 'deploy'],
  /** payments, top-ups, licenses and invoices */
  billing: ['read', 'billing'],
};

export const roleLabels: Readonly<Record<TeamRole, string>> = { owner: 'Owner', admin: 'Admin', member: 'Member', billing: 'Billing' };

export const roleDescriptions: Readonly<Record<TeamRole, string>> = {
  owner: 'Everything, including transferring ownership and deleting the team',
  admin: 'Members, billing and deployments',
  member: 'Create and use deployments, see the balance',
  billing: 'Payments, top-ups, licenses and invoices',
};

/** Who may invite, remove and change the role of members, and revoke invitations and others' team keys. */
export const managesMembers = (role: TeamRole) => role === 'owner' || role === 'admin';

/** A team key's scopes: what the key was given, never more than its creator's role allows (null: all the role allows). */
export function scopesWithin(role: TeamRole, keyScopes: readonly string[] | null | undefined): ApiKeyScope[] {
  const allowed = roleScopes[role];
  return keyScopes ? allowed.filter((s) => keyScopes.includes(s)) : [...allowed];
}

/** How a sentence names the holders of a role: "the owner", "admins", "billing members". */
const roleHolders: Readonly<Record<TeamRole, string>> = { owner: 'the owner', admin: 'admins', member: 'members', billing: 'billing members' };

/** "the owner, admins and billing members": every role the rule table gives `scope`. */
export function rolesWith(scope: ApiKeyScope): string {
  const names = teamRoles.filter((r) => roleScopes[r].includes(scope)).map((r) => roleHolders[r]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'nobody');
}

/**
 * Why a member with `role` may not call `entry` in their team's account, as a sentence a person
 * reads ("Only the owner, admins and billing members can add funds"), or undefined when they
 * may: the route's scope (scopeOf) must be one the role has. Routes no scope covers (notices, one's
 * own keys, the team pages, which check roles themselves) are open to every role.
 */
export function roleRefusal(role: TeamRole, entry: Pick<ApiRoute, 'auth' | 'method' | 'tag' | 'websocket' | 'name'>): string | undefined {
  if (entry.auth === 'admin') return undefined;
  const needed = scopeOf(entry);
  if (!needed || roleScopes[role].includes(needed)) return undefined;
  const who = rolesWith(needed);
  return `Only ${who} can ${actionWords(entry, needed)}`;
}
