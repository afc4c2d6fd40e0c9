/**
 * Issue 45: the bell tells of what people do, not only of what happens by itself: a deployment
 * deleted (naming who, in a team), its timeout changed, an API key created. In a team the bell
 * shows it to everyone; e-mail goes by the audience rules (owner, admins, the deployment's
 * creator), never to the member who did it; a personal account is mailed as its preferences say. A deleted deployment's link opens what is kept of it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContract } from '../../shared/api/auth';
import { deploymentsContract } from '../../shared/api/deployments';
import { notificationsContract } from '../../shared/api/notifications';
import { defaultBrand } from '../../shared/brand';
import { deployments, mailOutbox, notifications } from '../db/schema';
import { api } from '../../test/support/api-client';
import { startTestServer, type TestServer } from '../../test/support/server';
import { devUsersWith, inAccount, makeTeam, signInPerson, type TeamPerson } from '../../test/support/team-fixture';
import { call } from '../../test/support/typed-client';

const d = deploymentsContract(defaultBrand);
const names = ['owner', 'admin', 'member', 'stranger'] as const;

describe('notices of what people do', () => {
  let server: TestServer;
  let teamId: string;
  const people = {} as Record<(typeof names)[number], TeamPerson>;

  /** A running deployment made straight in the database (no machine): `createdBy` made it in `accountId`. */
  const running = async (accountId: string, createdBy: string, name: string) => {
    const now = new Date();
    const [row] = await server.deps.db
      .insert(deployments)
      .values({ userId: accountId, createdBy, name, typeId: 'trial_vm_hetzner', provider: 'local', status: 'running', timeoutMins: 60, createdAt: now, updatedAt: now })
      .returning();
    return row?.id ?? '';
  };
  const noticesIn = async (accountId: string, kind: string) => (await server.deps.db.select().from(notifications).where(eq(notifications.userId, accountId))).filter((n) => n.kind === kind);
  const mailOf = async (noticeId: string | undefined) =>
    (await server.deps.db.select().from(mailOutbox))
      .filter((m) => m.notificationId === noticeId)
      .map((m) => m.toAddress)
      .sort();

  beforeAll(async () => {
    server = await startTestServer({ DEV_USERS: devUsersWith(names), LOCAL_SANDBOX: 'none', LOCAL_SINGLE_USER: 'true' });
    for (const n of names) people[n] = await signInPerson(server, n);
    teamId = await makeTeam(server.deps.db, 'Told Team', people.owner, [
      [people.admin, 'admin'],
      [people.member, 'member'],
    ]);
  }, 90_000);
  afterAll(async () => {
    await server?.services.tasks.drain();
    await server?.cleanup();
  }, 120_000);

  it("a member deleting the owner's team deployment: the bell names the member, the owner and admins are mailed, the member is not", async () => {
    const id = await running(teamId, people.owner.id, 'shared-box');
    const res = await api(server, `/api/deployments/${id}`, { method: 'DELETE', token: people.member.accessToken, headers: inAccount(teamId) });
    expect(res.status).toBe(204);
    const [notice, ...more] = await noticesIn(teamId, 'deployment_deleted');
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      title: 'Deployment shared-box was deleted',
      body: `${people.member.email} deleted the deployment "shared-box". Its machine and everything on it are removed; it is no longer billed.`,
      link: `/deployments/id/${id}`,
    });
    expect(await mailOf(notice?.id)).toEqual([people.admin.email, people.owner.email].sort());
    // the team's bell shows it to every member
    const bell = await call(server, notificationsContract.list, { headers: inAccount(teamId) } as never, { token: people.member.accessToken });
    expect(bell.notifications.map((n) => n.title)).toContain('Deployment shared-box was deleted');

    // its link opens what is kept: when and by whom; nobody outside the team gets anything
    const ended = await call(server, d.ended, { params: { id }, headers: inAccount(teamId) } as never, { token: people.owner.accessToken });
    expect(ended).toMatchObject({ id, name: 'shared-box', deleted_by: people.member.email, reason: null });
    expect((await api(server, `/api/deployments/${id}/ended`, { token: people.stranger.accessToken })).status).toBe(404);
    expect((await api(server, `/api/deployments/${id}/ended`, { token: people.stranger.accessToken, headers: inAccount(teamId) })).status).toBe(403);
    expect((await api(server, `/api/deployments/${id}/ended`)).status).toBe(401);
  });

  it('a living deployment has no "ended" answer; one deleted in a personal account reads "You"', async () => {
    const id = await running(people.stranger.id, people.stranger.id, 'own-box');
    expect((await api(server, `/api/deployments/${id}/ended`, { token: people.stranger.accessToken })).status).toBe(404);
    expect((await api(server, `/api/deployments/${id}`, { method: 'DELETE', token: people.stranger.accessToken })).status).toBe(204);
    const [notice] = await noticesIn(people.stranger.id, 'deployment_deleted');
    expect(notice?.body).toMatch(/^You deleted the deployment "own-box"\./);
    // a personal account is the person: mailed as their preferences say
    expect(await mailOf(notice?.id)).toEqual([people.stranger.email]);
    expect((await call(server, d.ended, { params: { id } }, { token: people.stranger.accessToken })).deleted_by).toBe(people.stranger.email);
  });

  it('a changed timeout says until when and who changed it', async () => {
    const id = await running(teamId, people.member.id, 'timed-box');
    await call(server, d.updateTimeout, { params: { id }, body: { timeoutMins: 120 }, headers: inAccount(teamId) } as never, { token: people.admin.accessToken });
    await call(server, d.updateTimeout, { params: { id }, body: { timeoutMins: null }, headers: inAccount(teamId) } as never, { token: people.admin.accessToken });
    const told = (await noticesIn(teamId, 'deployment_timeout')).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(told).toHaveLength(2);
    expect(told[0]?.title).toMatch(/^Deployment timed-box now runs until .+ UTC$/);
    expect(told[0]?.body).toContain(`${people.admin.email} changed the timeout of the deployment "timed-box": it is terminated at `);
    expect(told[1]).toMatchObject({ title: 'Deployment timed-box now runs until deleted', link: `/deployments/id/${id}` });
    // the creator (member) and the owner are mailed; the admin who did it is not
    expect(await mailOf(told[1]?.id)).toEqual([people.member.email, people.owner.email].sort());
  });

  it('a new API key is told to its account: in a team, mailed to those who manage members but not its creator', async () => {
    const own = await call(server, authContract.createApiKey, { body: { name: 'laptop' } }, { token: people.stranger.accessToken });
    const [mine] = await noticesIn(people.stranger.id, 'api_key_created');
    expect(mine).toMatchObject({ title: 'API key laptop was created', link: `/account/api-key/${own.id}` });
    expect(mine?.body).toBe(`You created the API key "laptop" (${own.prefix}…). It can act for your account until it is revoked. If nobody meant to create it, revoke it on the Account page.`);
    // mailed even to the person who made it: a key made from a stolen session is seen
    expect(await mailOf(mine?.id)).toEqual([people.stranger.email]);

    await call(server, authContract.createApiKey, { body: { name: 'ci', scopes: ['read'] }, headers: inAccount(teamId) } as never, { token: people.member.accessToken });
    const [team] = await noticesIn(teamId, 'api_key_created');
    expect(team?.body).toContain(`${people.member.email} created the API key "ci"`);
    expect(team?.body).toContain('It can act for the team until it is revoked.');
    expect(await mailOf(team?.id)).toEqual([people.admin.email, people.owner.email].sort());
  });
});
