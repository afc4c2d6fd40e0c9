/**
 * Issue 45: a notice about a licence or an API key links to that one thing (/licenses/id/<id>,
 * /account/api-key/<id>); once it is deleted or revoked, its page reads what is kept of it: when,
 * by whom, why and what replaced it. Only its account gets an answer; a stranger gets the same 404
 * as for an id that never existed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContract } from '../../shared/api/auth';
import { licensesContract as lc } from '../../shared/api/licenses';
import { teamsContract } from '../../shared/api/teams';
import { notifications } from '../db/schema';
import { api } from '../../test/support/api-client';
import { signInDefaultUsers } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';
import { devUsersWith, inAccount, makeTeam, signInPerson, type TeamPerson } from '../../test/support/team-fixture';
import { call } from '../../test/support/typed-client';

const names = ['owner', 'member', 'stranger'] as const;

describe('pages of deleted licences and revoked API keys', () => {
  let server: TestServer;
  let admin: string;
  let teamId: string;
  const people = {} as Record<(typeof names)[number], TeamPerson>;
  const noticesIn = async (accountId: string, kind: string) => (await server.deps.db.select().from(notifications).where(eq(notifications.userId, accountId))).filter((n) => n.kind === kind);

  beforeAll(async () => {
    server = await startTestServer({ DEV_USERS: devUsersWith(names) });
    ({ admin } = await signInDefaultUsers(server));
    for (const n of names) people[n] = await signInPerson(server, n);
    teamId = await makeTeam(server.deps.db, 'Ended Team', people.owner, [[people.member, 'member']]);
  }, 90_000);
  afterAll(async () => server?.cleanup(), 120_000);

  it("a licence's notice links to it; deleted from the list, its page says when and by whom, and it stays valid", async () => {
    const lic = await call(server, lc.create, { body: { type: 'community', organization_name: 'Gone Co' } }, { token: people.stranger.accessToken });
    const [issued] = await noticesIn(people.stranger.id, 'licence_issued');
    expect(issued?.link).toBe(`/licenses/id/${lic.id}`);
    // listed and live: nothing has ended
    expect((await api(server, `/api/licenses/${lic.id}/ended`, { token: people.stranger.accessToken })).status).toBe(404);

    await call(server, lc.hide, { params: { id: lic.id } }, { token: people.stranger.accessToken });
    const ended = await call(server, lc.ended, { params: { id: lic.id } }, { token: people.stranger.accessToken });
    expect(ended).toMatchObject({ id: lic.id, organization_name: 'Gone Co', type: 'community', deleted_by: people.stranger.email, revoked_at: null, replaced_by: null, status: 'active' });
    expect(Date.parse(ended.deleted_at ?? '')).not.toBeNaN();
    // another account gets what an unknown id gets
    const strangers = await api(server, `/api/licenses/${lic.id}/ended`, { token: people.owner.accessToken });
    const unknown = await api(server, '/api/licenses/lic_aaaaaaaaaaaaaaaaaaaa/ended', { token: people.owner.accessToken });
    expect([strangers.status, unknown.status]).toEqual([404, 404]);
    expect(strangers.body).toEqual(unknown.body);
    expect((await api(server, `/api/licenses/${lic.id}/ended`)).status).toBe(401);
  });

  it('a revoked licence says why; a changed one names the licence that replaced it', async () => {
    const issue = () => call(server, lc.adminCreate, { body: { email: people.stranger.email, organization_name: 'Revoked Co', users_limit: 5, duration_weeks: 10 } }, { token: admin });
    const revoked = await issue();
    await call(server, lc.adminRevoke, { params: { id: revoked.id }, body: { reason: 'Chargeback' } }, { token: admin });
    const [told] = await noticesIn(people.stranger.id, 'licence_revoked');
    expect(told?.link).toBe(`/licenses/id/${revoked.id}`);
    expect(await call(server, lc.ended, { params: { id: revoked.id } }, { token: people.stranger.accessToken })).toMatchObject({
      revoke_reason: 'Chargeback',
      replaced_by: null,
      deleted_at: null,
      status: 'revoked',
    });

    const changed = await issue();
    const next = await call(server, lc.adminChange, { params: { id: changed.id }, body: { extend_weeks: 4 } }, { token: admin });
    const [newKey] = (await noticesIn(people.stranger.id, 'licence_changed')).filter((n) => n.body.includes(changed.id));
    expect(newKey?.link).toBe(`/licenses/id/${next.id}`);
    expect((await call(server, lc.ended, { params: { id: changed.id } }, { token: people.stranger.accessToken })).replaced_by).toBe(next.id);
  });

  it("an API key's notice links to it; revoked, its page says when and who, and only its account reads it", async () => {
    const key = await call(server, authContract.createApiKey, { body: { name: 'laptop' } }, { token: people.stranger.accessToken });
    const [created] = await noticesIn(people.stranger.id, 'api_key_created');
    expect(created?.link).toBe(`/account/api-key/${key.id}`);
    expect((await api(server, `/api/auth/api-keys/${key.id}/ended`, { token: people.stranger.accessToken })).status).toBe(404);

    await call(server, authContract.revokeApiKey, { params: { id: key.id } }, { token: people.stranger.accessToken });
    const ended = await call(server, authContract.revokedApiKey, { params: { id: key.id } }, { token: people.stranger.accessToken });
    expect(ended).toMatchObject({ id: key.id, name: 'laptop', prefix: key.prefix, revoked_by: people.stranger.email, reason: null });
    const strangers = await api(server, `/api/auth/api-keys/${key.id}/ended`, { token: people.owner.accessToken });
    const unknown = await api(server, `/api/auth/api-keys/${crypto.randomUUID()}/ended`, { token: people.owner.accessToken });
    expect([strangers.status, unknown.status]).toEqual([404, 404]);
    expect(strangers.body).toEqual(unknown.body);
  });

  it('a team key revoked with its creator leaving says why; an administrator is named as such', async () => {
    const teamKey = await call(server, authContract.createApiKey, { body: { name: 'ci', scopes: ['read'] }, headers: inAccount(teamId) } as never, { token: people.member.accessToken });
    await call(server, teamsContract.removeMember, { params: { teamId, userId: people.member.id } }, { token: people.owner.accessToken });
    const left = await call(server, authContract.revokedApiKey, { params: { id: teamKey.id }, headers: inAccount(teamId) } as never, { token: people.owner.accessToken });
    expect(left).toMatchObject({ name: 'ci', revoked_by: null, reason: 'The member who created it was removed from the team.' });
    // the team's page is the team's: the removed member and strangers cannot read it
    expect((await api(server, `/api/auth/api-keys/${teamKey.id}/ended`, { token: people.member.accessToken, headers: inAccount(teamId) })).status).toBe(403);
    expect((await api(server, `/api/auth/api-keys/${teamKey.id}/ended`, { token: people.member.accessToken })).status).toBe(404);

    const own = await call(server, authContract.createApiKey, { body: { name: 'old-script' } }, { token: people.owner.accessToken });
    const res = await api(server, `/api/admin/customers/${people.owner.id}/api-keys/${own.id}`, { method: 'DELETE', token: admin });
    expect(res.status).toBe(204);
    expect((await call(server, authContract.revokedApiKey, { params: { id: own.id } }, { token: people.owner.accessToken })).revoked_by).toBe('an administrator');
  });
});
