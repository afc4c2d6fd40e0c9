/**
 * Notifications end to end on one server with an injected clock: each trigger makes one notice and
 * one e-mail however often the check runs; e-mail follows the user's preferences; users see and
 * mark only their own; the admin reads the kept e-mails; the unpaid grace deadline on the row.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentsContract } from '../../shared/api/deployments';
import { licensesContract } from '../../shared/api/licenses';
import { notificationsContract as n } from '../../shared/api/notifications';
import { defaultBrand } from '../../shared/brand';
import { balanceOf, record } from '../billing/ledger';
import { fulfilCheckout, startCheckout } from '../billing/checkout';
import type { Db } from '../db/client';
import { deployments, ledgerEntries, licenses, mailOutbox, notifications, users } from '../db/schema';
import { manualClock } from '../../test/support/clock';
import { signInDefaultUsers } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';
import { call, send } from '../../test/support/typed-client';
import { deploymentToWire } from '../deployments/serialize';
import { checkNotifications } from './triggers';

const hour = 3600_000;
const day = 24 * hour;
const d = deploymentsContract(defaultBrand);

async function userIdOf(db: Db, email: string): Promise<string> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!u) throw new Error(`no user ${email}`);
  return u.id;
}

const noticesOf = (db: Db, userId: string, kind: string) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .then((rows) => rows.filter((r) => r.kind === kind));
const mailTo = (db: Db, email: string) => db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

describe('notifications', () => {
  let server: TestServer;
  let db: Db;
  const clock = manualClock();
  let tokens: { user: string; other: string; admin: string };
  let userId: string;
  let otherId: string;
  /** the job, twice at once (two instances) and once more */
  const check = async () => {
    await Promise.all([checkNotifications(server.services.notifications), checkNotifications(server.services.notifications)]);
    await checkNotifications(server.services.notifications);
  };

  beforeAll(async () => {
    server = await startTestServer({}, { clock });
    db = server.deps.db;
    tokens = await signInDefaultUsers(server);
    // a first request makes the account; the notification list reads no balance, so no free credit is granted
    for (const token of Object.values(tokens)) await call(server, n.list, {}, { token });
    userId = await userIdOf(db, 'user@example.test');
    otherId = await userIdOf(db, 'other@example.test');
  }, 60_000);
  afterAll(async () => server?.cleanup());

  it('tells a user once, in the app and by e-mail, when the balance falls below the threshold', async () => {
    await record(db, { accountId: userId, amountCents: 1000, kind: 'topup', idempotencyKey: `seed:${userId}`, description: 'seed' });
    await check();
    expect(await noticesOf(db, userId, 'low_balance')).toHaveLength(0);
    await record(db, { accountId: userId, amountCents: -900, kind: 'usage', idempotencyKey: `spend:${userId}`, description: 'spend' });
    await check();
    await check();
    const [notice, ...more] = await noticesOf(db, userId, 'low_balance');
    expect(more).toHaveLength(0);
    expect(notice?.title).toBe('Your balance is below $2.00');
    const mail = (await mailTo(db, 'user@example.test')).filter((m) => m.notificationId === notice?.id);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: 'Your balance is below $2.00', transport: 'database', delivered: false });

    const list = await call(server, n.list, {}, { token: tokens.user });
    expect(list.unread_count).toBe(1);
    expect(list.notifications[0]).toMatchObject({ kind: 'low_balance', link: '/balance', read_at: null });
  });

  it('sends no e-mail for a kind the user turned off, and uses their threshold', async () => {
    const prefs = await call(server, n.getPreferences, {}, { token: tokens.other });
    expect(prefs.low_balance_cents).toBe(200);
    expect(prefs.email.low_balance).toBe(true);
    const saved = await call(server, n.putPreferences, { body: { ...prefs, low_balance_cents: 500, email: { ...prefs.email, low_balance: false } } }, { token: tokens.other });
    expect(saved).toMatchObject({ low_balance_cents: 500, email: { low_balance: false, payment_received: true } });
    await record(db, { accountId: otherId, amountCents: 600, kind: 'topup', idempotencyKey: `seed:${otherId}`, description: 'seed' });
    await record(db, { accountId: otherId, amountCents: -300, kind: 'usage', idempotencyKey: `spend:${otherId}`, description: 'spend' }); // $3.00: below $5, above $2
    await check();
    const notices = await noticesOf(db, otherId, 'low_balance');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.title).toBe('Your balance is below $5.00');
    expect(await mailTo(db, 'other@example.test')).toHaveLength(0);
    expect((await send(server, n.putPreferences, { body: { ...prefs, low_balance_cents: -1 } }, { token: tokens.other })).status).toBe(400);
  });

  it("marks read one or all, and never shows or touches another user's notifications", async () => {
    const mine = await call(server, n.list, {}, { token: tokens.user });
    const id = mine.notifications[0]?.id ?? '';
    const theirs = await call(server, n.list, {}, { token: tokens.other });
    expect(theirs.notifications.map((x) => x.id)).not.toContain(id);
    expect((await send(server, n.markRead, { params: { id } }, { token: tokens.other })).status).toBe(404);
    expect((await call(server, n.list, {}, { token: tokens.user })).unread_count).toBe(mine.unread_count);
    await call(server, n.markRead, { params: { id } }, { token: tokens.user });
    const after = await call(server, n.list, {}, { token: tokens.user });
    expect(after.unread_count).toBe(mine.unread_count - 1);
    expect(after.notifications.find((x) => x.id === id)?.read_at).not.toBeNull();
    await call(server, n.markAllRead, {}, { token: tokens.other });
    expect((await call(server, n.list, {}, { token: tokens.other })).unread_count).toBe(0);
  });

  it('tells of a payment once however often it is fulfilled', async () => {
    const { checkoutId } = await startCheckout(server.services.checkout, { userId, email: 'user@example.test', purpose: 'balance', amountCents: 1500, description: 'test' });
    await Promise.all([fulfilCheckout(server.services.checkout, checkoutId), fulfilCheckout(server.services.checkout, checkoutId)]);
    await fulfilCheckout(server.services.checkout, checkoutId);
    const notices = await noticesOf(db, userId, 'payment_received');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: 'Payment of $15.00 received', dedupeKey: `payment:${checkoutId}` });
  });

  it('tells of a payment whose notice was lost (the process stopped right after it committed) at the next check, once', async () => {
    const { checkoutId } = await startCheckout(server.services.checkout, { userId, email: 'user@example.test', purpose: 'balance', amountCents: 2500, description: 'test' });
    // The payment commits; the process stops before onPaid runs.
    const paid = await fulfilCheckout({ ...server.services.checkout, onPaid: undefined }, checkoutId);
    expect(paid.status).toBe('paid');
    const lost = async () => (await noticesOf(db, userId, 'payment_received')).filter((r) => r.dedupeKey === `payment:${checkoutId}`);
    expect(await lost()).toHaveLength(0);
    await Promise.all([checkNotifications(server.services.notifications), checkNotifications(server.services.notifications)]);
    expect(await lost()).toMatchObject([{ title: 'Payment of $25.00 received' }]);
    expect((await checkNotifications(server.services.notifications)).missedPayments).toBe(0);
  });

  it('warns of a deployment expiring within the hour, once per end', async () => {
    const [row] = await db
      .insert(deployments)
      .values({ userId, name: 'expiring-one', typeId: 'trial_vm_hetzner', provider: 'local', status: 'running', timeoutMins: 240, createdAt: clock.now(), updatedAt: clock.now() })
      .returning();
    await check();
    expect(await noticesOf(db, userId, 'deployment_expiring')).toHaveLength(0);
    clock.advance(3.5 * hour);
    await check();
    const notices = await noticesOf(db, userId, 'deployment_expiring');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.title).toBe('Deployment expiring-one expires in 30 minutes');
    const [short] = await db
      .insert(deployments)
      .values({ userId, name: 'one-hour', typeId: 'trial_vm_hetzner', provider: 'local', status: 'running', timeoutMins: 60, createdAt: clock.now(), updatedAt: clock.now() })
      .returning();
    await check();
    expect(await noticesOf(db, userId, 'deployment_expiring')).toHaveLength(1);
    for (const id of [row?.id, short?.id])
      await db
        .update(deployments)
        .set({ status: 'deleted', deletedAt: clock.now() })
        .where(eq(deployments.id, id ?? ''));
  });

  it('reminds of a licence ending in 30, 7 and 1 days, and of a payment pending for 7 days', async () => {
    await db.insert(licenses).values([
      {
        id: 'lic_notifyexpiring000000',
        userId,
        email: 'user@example.test',
        type: 'trial',
        organizationName: 'Acme',
        status: 'active',
        paymentStatus: 'none',
        expiresAt: new Date(clock.now().getTime() + 40 * day),
        createdAt: clock.now(),
      },
      { id: 'lic_notifypending0000000', userId, email: 'user@example.test', type: 'enterprise', organizationName: 'Acme', status: 'pending', paymentStatus: 'pending', createdAt: clock.now() },
    ]);
    const keys = async (kind: string) => (await noticesOf(db, userId, kind)).map((x) => x.dedupeKey).sort();
    await check();
    expect(await keys('licence_expiring')).toEqual([]);
    clock.advance(15 * day); // 25 days left
    await check();
    expect(await keys('licence_expiring')).toEqual(['licence-expiring:lic_notifyexpiring000000:30']);
    expect(await keys('licence_payment_pending')).toEqual(['licence-pending:lic_notifypending0000000']);
    clock.advance(19 * day); // 6 days left
    await check();
    clock.advance(5.5 * day); // half a day left
    await check();
    expect(await keys('licence_expiring')).toEqual(['licence-expiring:lic_notifyexpiring000000:1', 'licence-expiring:lic_notifyexpiring000000:30', 'licence-expiring:lic_notifyexpiring000000:7']);
    expect(await keys('licence_payment_pending')).toHaveLength(1);
    const titles = (await noticesOf(db, userId, 'licence_expiring')).map((x) => x.title).sort();
    expect(titles).toEqual(['Your license for Acme expires in 1 day', 'Your license for Acme expires in 25 days', 'Your license for Acme expires in 6 days']);

    // The admin records the bank transfer: the licensee is told once.
    const markPaid = licensesContract.adminMarkPaid;
    await call(server, markPaid, { params: { id: 'lic_notifypending0000000' } }, { token: tokens.admin });
    expect((await send(server, markPaid, { params: { id: 'lic_notifypending0000000' } }, { token: tokens.admin })).status).toBe(409);
    expect(await keys('payment_received')).toContain('payment:transfer:lic_notifypending0000000');
    expect((await keys('payment_received')).filter((k) => k.startsWith('payment:transfer:'))).toHaveLength(1);
  });

  it('shows the grace deadline on the row, and names the deployment and the missing amount when it ends unpaid', async () => {
    const balance = await balanceOf(db, userId);
    await record(db, { accountId: userId, amountCents: 100 - balance, kind: 'usage', idempotencyKey: `to-one-dollar:${userId}`, description: 'spend' }); // $1.00 left
    const [row] = await db
      .insert(deployments)
      .values({ userId, name: 'unpaid-one', typeId: 'trial_vm_hetzner', provider: 'local', status: 'running', hourlyRateCents: 300, createdAt: clock.now(), updatedAt: clock.now() })
      .returning();
    const id = row?.id ?? '';
    // another user's newer credit must not stand for this user's funding
    await record(db, { accountId: otherId, amountCents: 1, kind: 'topup', idempotencyKey: `newer:${otherId}`, description: 'newer credit' });
    await check();
    const emptySoon = await noticesOf(db, userId, 'balance_empty_soon');
    expect(emptySoon).toHaveLength(1);
    expect(emptySoon[0]?.body).toContain('At $3.00 an hour your balance of $1.00 lasts about 20 more minutes');
    // once per funding: keyed by this user's newest credit
    const [lastCredit] = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), gt(ledgerEntries.amountCents, 0)))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(1);
    expect(emptySoon[0]?.dedupeKey).toBe(`empty-soon:${userId}:${lastCredit?.id}`);
    const meter = server.services.jobs.find((j) => j.name === 'billing.meter-usage');
    await meter?.run();
    const flagged = await call(server, d.get, { params: { id } }, { token: tokens.user });
    const [stored] = await db.select().from(deployments).where(eq(deployments.id, id));
    expect(stored?.unpaidSince).not.toBeNull();
    expect(flagged.unpaid_terminates_at).toBe(new Date((stored?.unpaidSince?.getTime() ?? 0) + 15 * 60_000).toISOString());
    clock.advance(15 * 60_000);
    await meter?.run();
    await meter?.run();
    const notices = await noticesOf(db, userId, 'deployment_terminated');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.title).toBe('Deployment unpaid-one was terminated');
    expect(notices[0]?.body).toContain('its next hour costs $3.00 and your balance was $1.00, so $2.00 was missing');
  });

  it('lets only an admin read the kept e-mails, newest first', async () => {
    const page = await call(server, n.adminMail, { query: { page: 1 } }, { token: tokens.admin });
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.mail.some((m) => m.to === 'user@example.test' && m.subject === 'Your balance is below $2.00')).toBe(true);
    expect(page.mail.every((m) => m.transport === 'database')).toBe(true);
    expect((await send(server, n.adminMail, { query: { page: 1 } }, { token: tokens.user })).status).toBe(403);
  });
});

describe('a configured grace (UNPAID_GRACE_MINUTES=5)', () => {
  let server: TestServer;
  const clock = manualClock();
  beforeAll(async () => {
    server = await startTestServer({ UNPAID_GRACE_MINUTES: '5' }, { clock });
  });
  afterAll(async () => server?.cleanup());

  it('warns with 5 minutes, puts the 5-minute deadline on the row and terminates after it', async () => {
    const db = server.deps.db;
    const [u] = await db.insert(users).values({ issuer: 'grace-test', subject: 'grace', email: 'grace@example.test' }).returning({ id: users.id });
    const userId = u?.id ?? '';
    await record(db, { accountId: userId, amountCents: 100, kind: 'topup', idempotencyKey: `seed:${userId}`, description: 'seed' });
    const [row] = await db
      .insert(deployments)
      .values({ userId, name: 'short-grace', typeId: 'trial_vm_hetzner', provider: 'local', status: 'running', hourlyRateCents: 300, createdAt: clock.now(), updatedAt: clock.now() })
      .returning();
    const meter = server.services.jobs.find((j) => j.name === 'billing.meter-usage');
    await meter?.run();
    const [flagged] = await db
      .select()
      .from(deployments)
      .where(eq(deployments.id, row?.id ?? ''));
    expect(flagged?.errorMessage).toContain('add funds within 5 minutes');
    const wire = deploymentToWire(defaultBrand, flagged as NonNullable<typeof flagged>, { owner: true, unpaidGraceMs: server.services.deployments.unpaidGraceMs });
    expect(wire.unpaid_terminates_at).toBe(new Date((flagged?.unpaidSince?.getTime() ?? 0) + 5 * 60_000).toISOString());
    clock.advance(4 * 60_000);
    await meter?.run();
    expect(await noticesOf(db, userId, 'deployment_terminated')).toHaveLength(0);
    clock.advance(60_000);
    await meter?.run();
    expect(await noticesOf(db, userId, 'deployment_terminated')).toHaveLength(1);
  });
});
