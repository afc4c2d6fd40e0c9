import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponse } from '../../shared/api/auth';
import { accountHeader } from '../../shared/api/teams';
import { auditEvents, notifications, teamMembers, teams } from '../db/schema';
import { api } from '../../test/support/api-client';
import { signInAtIssuer, startExternalIssuer, type ExternalIssuer, type IssuerAccount } from '../../test/support/external-issuer';
import { startTestServer, type TestServer } from '../../test/support/server';
import { insertTeam } from './queries';

/**
 * TEAM_GROUPS_PREFIX (issue 34): a Keycloak-shaped issuer puts `groups` (full paths) into its access
 * tokens; at each sign-in the groups under the prefix become team memberships, and idp memberships
 * the claim no longer holds are removed, keys and all. Invitation and creator memberships stay.
 */
const ada: IssuerAccount = { id: 'a1d0-0001', username: 'ada', email: 'ada@realm.test', password: 'ada-pass', roles: [], groups: ['/teams/Acme/billing', '/other'] };
const grace: IssuerAccount = { id: 'a1d0-0002', username: 'grace', email: 'grace@realm.test', password: 'grace-pass', roles: [], groups: ['/teams/Acme/admin', '/teams/Acme/owner'] };

describe('teams from Keycloak groups', () => {
  let issuer: ExternalIssuer;
  let server: TestServer;

  beforeAll(async () => {
    issuer = await startExternalIssuer({ shape: 'keycloak', realm: 'helix', clientId: 'launchpad-web', accounts: [ada, grace] });
    server = await startTestServer({ OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: 'launchpad-web', TEAM_GROUPS_PREFIX: '/teams/' });
    await issuer.registerClient(server.url);
  });
  afterAll(async () => {
    await server?.cleanup();
    await issuer?.close();
  });

  const accountsOf = async (token: string) => meResponse.parse((await api(server, '/api/auth/me', { token })).body).accounts;
  const acmeTeams = () => server.deps.db.select({ id: teams.accountId }).from(teams).where(eq(teams.name, 'Acme'));

  it('a token with /teams/Acme/billing makes the person a billing member of Acme (created at their sign-in); a later token without it removes the membership and their team keys', async () => {
    const first = await signInAtIssuer(server, 'ada', 'ada-pass');
    const accounts = await accountsOf(first.accessToken);
    expect(accounts.filter((a) => a.kind === 'team')).toEqual([expect.objectContaining({ name: 'Acme', role: 'billing' })]);
    const [acme] = await acmeTeams();
    const acmeId = acme?.id ?? '';
    const adaId = accounts[0]?.id ?? '';
    expect(await server.deps.db.select({ role: teamMembers.role, source: teamMembers.source }).from(teamMembers).where(eq(teamMembers.teamId, acmeId))).toEqual([{ role: 'billing', source: 'idp' }]);

    // A team Ada created herself, and a key she made in Acme.
    const own = await insertTeam(server.deps.db, adaId, 'Ada Own', new Date());
    const key = await api(server, '/api/auth/api-keys', { token: first.accessToken, headers: { [accountHeader]: acmeId }, body: { name: 'acme billing script' } });
    expect(key.status).toBe(201);
    const teamKey = (key.body as { key: string }).key;
    expect((await api(server, '/api/balance', { token: teamKey })).status).toBe(200);

    // Grace's groups name the same team: she joins it (no second Acme), as admin; `owner` is not given by a group.
    const graceIn = await signInAtIssuer(server, 'grace', 'grace-pass');
    expect((await accountsOf(graceIn.accessToken)).filter((a) => a.kind === 'team')).toEqual([expect.objectContaining({ id: acmeId, name: 'Acme', role: 'admin' })]);
    expect(await acmeTeams()).toHaveLength(1);

    ada.groups = ['/other'];
    const later = await signInAtIssuer(server, 'ada', 'ada-pass');
    const after = await accountsOf(later.accessToken);
    expect(after.filter((a) => a.kind === 'team').map((a) => [a.name, a.role])).toEqual([['Ada Own', 'owner']]);
    expect(after.map((a) => a.id)).toContain(own);
    expect((await api(server, '/api/balance', { token: later.accessToken, headers: { [accountHeader]: acmeId } })).status).toBe(403);
    expect((await api(server, '/api/balance', { token: teamKey })).status).toBe(401);
    // the team's audit log says what the groups did
    const events = await server.deps.db.select({ action: auditEvents.action, details: auditEvents.details }).from(auditEvents).where(eq(auditEvents.subjectUserId, acmeId));
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['team.created', 'team.member.joined', 'team.member.removed', 'auth.api_key.revoked']));
    expect(events.find((e) => e.action === 'team.member.removed')?.details).toMatchObject({ role: 'billing', source: 'idp', api_keys_revoked: 1 });
    // Ada is told, on her own account
    const told = await server.deps.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, adaId), eq(notifications.kind, 'team_membership_ended')));
    expect(told).toEqual([
      { title: 'You were removed from Acme', body: expect.stringMatching(/^Your identity provider no longer lists you in the team's group\. .* The team API key you made was revoked\.$/) },
    ]);
    // Grace's membership is hers alone
    expect(await server.deps.db.select({ role: teamMembers.role }).from(teamMembers).where(eq(teamMembers.teamId, acmeId))).toEqual([{ role: 'admin' }]);
  });

  it('never joins a team someone created in Launchpad: a group of the same name gets a team of its own', async () => {
    const graceToken = (await signInAtIssuer(server, 'grace', 'grace-pass')).accessToken;
    const graceId = (await accountsOf(graceToken))[0]?.id ?? '';
    const made = await insertTeam(server.deps.db, graceId, 'Globex', new Date());
    ada.groups = ['/teams/Globex'];
    const adaAccounts = await accountsOf((await signInAtIssuer(server, 'ada', 'ada-pass')).accessToken);
    const globex = adaAccounts.filter((a) => a.name === 'Globex');
    expect(globex).toEqual([expect.objectContaining({ role: 'member' })]);
    expect(globex[0]?.id).not.toBe(made);
    expect(await server.deps.db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, made))).toEqual([{ userId: graceId }]);
    ada.groups = [];
  });

  it('never touches a membership from an invitation, whatever the claim says', async () => {
    const [acme] = await acmeTeams();
    const acmeId = acme?.id ?? '';
    const graceToken = (await signInAtIssuer(server, 'grace', 'grace-pass')).accessToken;
    const graceId = (await accountsOf(graceToken))[0]?.id ?? '';
    await server.deps.db
      .update(teamMembers)
      .set({ source: 'invitation', role: 'member' })
      .where(and(eq(teamMembers.teamId, acmeId), eq(teamMembers.userId, graceId)));
    grace.groups = ['/teams/Acme/admin'];
    expect((await accountsOf((await signInAtIssuer(server, 'grace', 'grace-pass')).accessToken)).find((a) => a.id === acmeId)?.role).toBe('member');
    grace.groups = [];
    expect((await accountsOf((await signInAtIssuer(server, 'grace', 'grace-pass')).accessToken)).find((a) => a.id === acmeId)?.role).toBe('member');
  });
});
