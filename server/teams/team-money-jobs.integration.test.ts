/**
 * The money jobs per team (issue 34), with an injected clock: a team's deployment is charged each
 * started hour to the team's ledger, not to the member who started it; when the team's balance
 * cannot pay the next hour the deployment is flagged, then terminated after the grace window, and
 * the notice is the team's (shown in the team's account, not in a member's own) and e-mailed to each
 * member as their own preferences say.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingContract } from '../../shared/api/billing';
import { customersContract } from '../../shared/api/customers';
import { deploymentsContract } from '../../shared/api/deployments';
import { notificationKinds, notificationsContract } from '../../shared/api/notifications';
import { defaultBrand } from '../../shared/brand';
import { rates, trialVmTypeId } from '../../shared/deployments/catalog';
import { deployments, mailOutbox } from '../db/schema';
import { manualClock, until } from '../../test/support/clock';
import { ledgerInvariant } from '../../test/support/ledger-invariant';
import { startTestServer, type TestServer } from '../../test/support/server';
import { signIn } from '../../test/support/sign-in';
import { devUsersWith, inAccount, makeTeam, signInPerson, type TeamPerson } from '../../test/support/team-fixture';
import { call } from '../../test/support/typed-client';
import { checkNotifications } from '../notifications/triggers';

const hour = 3600_000;
const d = deploymentsContract(defaultBrand);
const rate = rates.trialVmHourlyCents;
const names = ['owner', 'member', 'billing'] as const;

describe('money jobs in a team account', () => {
  const clock = manualClock();
  let server: TestServer;
  let teamId: string;
  let admin: string;
  const people = {} as Record<(typeof names)[number], TeamPerson>;
  const asTeam = () => ({ headers: inAccount(teamId) }) as never;
  const meter = async () => {
    const job = server.services.jobs.find((j) => j.name === 'billing.meter-usage');
    if (!job) throw new Error('no metering job');
    await job.run();
  };
  const teamBalance = async () => (await call(server, billingContract.balance, asTeam(), { token: people.member.accessToken })).balance_cents;

  beforeAll(async () => {
    server = await startTestServer({ DEV_USERS: devUsersWith(names), LOCAL_SANDBOX: 'none', LOCAL_SINGLE_USER: 'true' }, { clock });
    for (const n of names) people[n] = await signInPerson(server, n);
    admin = (await signIn(server, 'admin@example.test', 'adminpass')).accessToken;
    teamId = await makeTeam(server.deps.db, 'Money Team', people.owner, [
      [people.member, 'member'],
      [people.billing, 'billing'],
    ]);
    // The billing member wants no e-mail about terminated deployments; the others keep the defaults.
    const email = Object.fromEntries(notificationKinds.map((k) => [k, k !== 'deployment_terminated']));
    await call(server, notificationsContract.putPreferences, { body: { low_balance_cents: 200, email } as never }, { token: people.billing.accessToken });
  }, 90_000);

  afterAll(async () => {
    await server?.services.tasks.drain();
    await server?.cleanup();
  }, 120_000);

  it("charges the team's ledger each hour, then flags, terminates and tells the team and its members when the team cannot pay", async () => {
    const own = Object.fromEntries(await Promise.all(names.map(async (n) => [n, (await call(server, billingContract.balance, {}, { token: people[n].accessToken })).balance_cents] as const)));
    // Two hours' worth and a half: hour 1 at the create, hour 2 by the job, hour 3 cannot be paid.
    await call(
      server,
      customersContract.topup,
      { params: { id: teamId }, headers: { 'Idempotency-Key': 'money-team' }, body: { amount_cents: 2 * rate + rate / 2, reason: 'test' } },
      { token: admin },
    );
    const created = await call(
      server,
      d.create,
      { headers: { ...inAccount(teamId), 'Idempotency-Key': 'money-1' }, body: { configId: trialVmTypeId, name: 'team-metered', timeoutMins: null } } as never,
      {
        token: people.member.accessToken,
      },
    );
    const id = created.id;
    await until(
      'the team deployment running',
      async () => (await call(server, d.get, { params: { id }, headers: inAccount(teamId) } as never, { token: people.member.accessToken })).status === 'running',
      60_000,
    );
    expect(await teamBalance()).toBe(rate + rate / 2);

    // The notices job sees the team's balance low: one notice in the team's account, e-mailed to those who pay (owner, billing), not the member (issue 43).
    await checkNotifications(server.services.notifications);
    await checkNotifications(server.services.notifications);
    const low = (await call(server, notificationsContract.list, asTeam(), { token: people.owner.accessToken })).notifications.filter((n) => n.kind === 'low_balance');
    expect(low).toHaveLength(1);
    // its members read whose balance it is: the team's, not theirs
    expect(low[0]?.title).toMatch(/^The team's balance is below /);
    const lowMail = (await server.deps.db.select().from(mailOutbox)).filter((m) => m.notificationId === low[0]?.id);
    expect(lowMail.map((m) => m.toAddress).sort()).toEqual([people.owner.email, people.billing.email].sort());

    await meter();
    expect(await teamBalance()).toBe(rate + rate / 2);
    clock.advance(hour + 60_000);
    await meter();
    await meter();
    expect(await teamBalance()).toBe(rate / 2);
    const txs = await call(server, billingContract.transactions, asTeam(), { token: people.billing.accessToken });
    expect(txs.transactions.filter((t) => t.reference === id).map((t) => [t.kind, t.amount_cents, t.description])).toEqual([
      ['usage', -rate, 'team-metered: hour 2'],
      ['usage', -rate, 'team-metered: hour 1'],
    ]);

    // Hour 3 cannot be paid: flagged, with the deadline on the row the team's members see.
    clock.advance(hour);
    await meter();
    const flagged = await call(server, d.get, { params: { id }, headers: inAccount(teamId) } as never, { token: people.owner.accessToken });
    expect(flagged.unpaid_terminates_at).not.toBeNull();
    expect(await teamBalance()).toBe(rate / 2);

    // After the grace window: terminated; the notice is the team's.
    clock.advance(server.config.unpaidGraceMinutes * 60_000);
    await meter();
    await meter();
    await until('the team deployment terminated', async () => {
      const [row] = await server.deps.db.select().from(deployments).where(eq(deployments.id, id));
      return row?.deletedAt !== null;
    });
    const teamNotices = await call(server, notificationsContract.list, asTeam(), { token: people.billing.accessToken });
    const terminated = teamNotices.notifications.filter((n) => n.kind === 'deployment_terminated');
    expect(terminated.map((n) => n.title)).toEqual(['Deployment team-metered was terminated']);
    expect(terminated[0]?.body).toContain('its next hour costs $0.10 and your balance was $0.05, so $0.05 was missing');
    for (const n of names) {
      const mine = await call(server, notificationsContract.list, {}, { token: people[n].accessToken });
      expect(mine.notifications.filter((x) => x.kind === 'deployment_terminated')).toEqual([]);
    }

    // E-mailed, named by the team, to the member who created it and the owner (billing turned that kind off); by role since issue 43.
    const mail = await server.deps.db.select().from(mailOutbox);
    const aboutIt = mail.filter((m) => m.subject === 'Money Team: Deployment team-metered was terminated');
    expect(aboutIt.map((m) => m.toAddress).sort()).toEqual([people.member.email, people.owner.email].sort());

    // The members paid nothing of it, and every account's balance is the sum of its ledger.
    for (const n of names) expect((await call(server, billingContract.balance, {}, { token: people[n].accessToken })).balance_cents).toBe(own[n]);
    expect(await ledgerInvariant(server.deps.db)).toMatchObject({ mismatches: 0, negative: 0 });
  }, 120_000);
});
