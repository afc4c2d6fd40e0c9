import { describe, expect, it } from 'vitest';
import { apiRoutesByName } from '../api/routes';
import { defaultBrand } from '../brand';
import { teamRoles, type TeamRole } from '../teams/roles';
import { allows, asMember, refusal, type Action, type Actor } from './policy';

const routes = apiRoutesByName(defaultBrand);
const route = (name: string) => {
  const r = routes[name];
  if (!r) throw new Error(`no route ${name}`);
  return r;
};

const member = (role: TeamRole): Actor => asMember('team-1', role, 'Acme');
const person: Actor = { via: 'token', isAdmin: false, email: 'ann@example.com', emailVerified: true, account: { id: 'ann', kind: 'personal', role: 'owner', name: 'ann@example.com' } };
const admin: Actor = { ...person, isAdmin: true };
const key = (scopes: string[] | null): Actor => ({ ...person, via: 'api-key', scopes });

/** Which roles each team action allows: the table a reader checks against the product's spec. */
const table: [string, Action, TeamRole[]][] = [
  ['add funds', { do: 'call', route: route('balance.checkout') }, ['owner', 'admin', 'billing']],
  ['create a deployment', { do: 'call', route: route('deployments.create') }, ['owner', 'admin', 'member']],
  ['list deployments', { do: 'call', route: route('deployments.list') }, ['owner', 'admin', 'member', 'billing']],
  ['open a terminal', { do: 'open-terminal' }, ['owner', 'admin', 'member']],
  ['invite members', { do: 'manage-members', what: 'invite members' }, ['owner', 'admin']],
  ['delete the team', { do: 'own-team', what: 'delete the team' }, ['owner']],
  ["change a member's role", { do: 'change-role', of: 'member' }, ['owner', 'admin']],
  ["change the owner's role", { do: 'change-role', of: 'owner' }, []],
  ['remove a member', { do: 'remove-member', leaving: false, of: 'member' }, ['owner', 'admin']],
  ['leave the team', { do: 'remove-member', leaving: true, of: 'billing' }, ['owner', 'admin', 'member', 'billing']],
  ['remove the owner', { do: 'remove-member', leaving: false, of: 'owner' }, []],
  ['move credit into the team', { do: 'move-credit-into' }, ['owner', 'admin', 'billing']],
  ['create a key with every scope the role has', { do: 'create-api-key' }, ['owner', 'admin', 'member', 'billing']],
  ['create a key with the billing scope', { do: 'create-api-key', scopes: ['billing'] }, ['owner', 'admin', 'billing']],
  ['create a key with the admin scope', { do: 'create-api-key', scopes: ['admin'] }, []],
  ['call an admin route', { do: 'call', route: route('admin.deployments.list') }, []],
];

describe('the one policy: roles × actions', () => {
  for (const [what, action, roles] of table) {
    it(`${what}: ${roles.length ? roles.join(', ') : 'no team role'}`, () => {
      expect(teamRoles.filter((r) => allows(member(r), action))).toEqual(roles);
    });
  }

  it('says why in the words the caller reads, with their role', () => {
    expect(refusal(member('member'), { do: 'manage-members', what: 'invite members' })).toBe("Only the team's owner or an admin can invite members (your role: Member)");
    expect(refusal(member('admin'), { do: 'own-team', what: 'delete the team' })).toBe("Only the team's owner can delete the team (your role: Admin)");
    expect(refusal(asMember('team-1', undefined), { do: 'own-team', what: 'transfer ownership' })).toBe("Only the team's owner can transfer ownership");
    expect(refusal(member('admin'), { do: 'change-role', of: 'owner' })).toBe("The owner's role changes only by transferring ownership");
    expect(refusal(member('admin'), { do: 'remove-member', leaving: false, of: 'owner' })).toBe('The owner cannot be removed: transfer ownership first');
    expect(refusal(member('member'), { do: 'move-credit-into' })).toBe('Only the owner, admins and billing members of Acme can move credit into it');
    expect(refusal(member('billing'), { do: 'call', route: route('deployments.create') })).toBe('Only the owner, admins and members can create deployments');
    expect(refusal(member('billing'), { do: 'open-terminal' })).toBe('your role in this team cannot open terminals');
    expect(refusal(member('member'), { do: 'create-api-key', scopes: ['admin'] })).toBe('A key made in a team cannot have the Admin permission');
    expect(refusal(member('member'), { do: 'create-api-key', scopes: ['billing'] })).toBe('Only the owner, admins and billing members can give a key in this team the Billing permission');
  });

  it('admin routes and admin keys are for administrators only', () => {
    const adminRoute: Action = { do: 'call', route: route('admin.deployments.list') };
    expect(refusal(person, adminRoute)).toBe('Admin access required');
    expect(allows(admin, adminRoute)).toBe(true);
    expect(refusal(person, { do: 'administer' })).toBe('Admin access required');
    expect(refusal(person, { do: 'create-api-key', scopes: ['admin'] })).toBe('Only administrators can create keys with the Admin permission');
    expect(allows(admin, { do: 'create-api-key', scopes: ['admin'] })).toBe(true);
  });

  it('an API key is held to its scopes and its own account, and mints no keys and moves no credit', () => {
    expect(refusal(key(['read']), { do: 'call', route: route('deployments.create') })).toBe('This API key cannot create deployments: it was made without the Deploy permission');
    expect(allows(key(null), { do: 'call', route: route('deployments.create') })).toBe(true);
    expect(refusal(key(['read']), { do: 'open-terminal' })).toBe('this API key was made without the Deploy permission');
    expect(allows(key(['deploy']), { do: 'open-terminal' })).toBe(true);
    expect(refusal(key(null), { do: 'act-in-account', accountId: 'team-1', member: true })).toBe('An API key acts only in its own account: leave out the X-Account header');
    expect(allows(key(null), { do: 'act-in-account', accountId: 'ann', member: true })).toBe(true);
    expect(refusal(key(null), { do: 'create-api-key' })).toBe('API keys cannot create API keys: sign in to create one');
    expect(refusal(key(null), { do: 'move-credit' })).toBe('API keys cannot move credit: sign in to move it');
    expect(allows(person, { do: 'move-credit' })).toBe(true);
  });

  it('a person acts only in the teams they belong to', () => {
    expect(refusal(person, { do: 'act-in-account', accountId: 'team-1', member: false })).toBe('You are not a member of this team');
    expect(allows(person, { do: 'act-in-account', accountId: 'team-1', member: true })).toBe(true);
  });

  it('an invitation is accepted only with the invited, verified address', () => {
    expect(allows(person, { do: 'accept-invitation', invited: ' Ann@Example.com' })).toBe(true);
    expect(refusal(person, { do: 'accept-invitation', invited: 'bob@example.com' })).toBe('This invitation is for bob@example.com: sign in with that address');
    expect(refusal({ ...person, emailVerified: false }, { do: 'accept-invitation', invited: 'ann@example.com' })).toBe(
      'Your e-mail address ann@example.com is not verified: verify it with your sign-in provider, then open the link again',
    );
  });

  it('a sign-in needs an address, and joins another provider’s account only verified and allowed', () => {
    expect(refusal({}, { do: 'sign-in', email: undefined })).toMatch(/^Sign-in refused: your identity provider gave no e-mail address/);
    expect(allows({}, { do: 'sign-in', email: 'ann@example.com' })).toBe(true);
    expect(refusal({}, { do: 'sign-in', email: 'ann@example.com', joins: { verified: false, linkingAllowed: true } })).toMatch(/does not say this address is verified/);
    expect(refusal({}, { do: 'sign-in', email: 'ann@example.com', joins: { verified: true, linkingAllowed: false } })).toMatch(/OIDC_LINK_VERIFIED_EMAIL=true/);
    expect(allows({}, { do: 'sign-in', email: 'ann@example.com', joins: { verified: true, linkingAllowed: true } })).toBe(true);
  });

  it('a machine provider that admits only administrators refuses everyone else in its words', () => {
    const provider = { admits: (a: { isAdmin: boolean }) => (a.isAdmin ? undefined : 'Only an administrator can start local machines here') };
    expect(refusal(person, { do: 'start-machine', provider })).toBe('Only an administrator can start local machines here');
    expect(allows(admin, { do: 'start-machine', provider })).toBe(true);
    expect(allows(person, { do: 'start-machine', provider: {} })).toBe(true);
  });
});
