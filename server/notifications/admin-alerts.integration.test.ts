/**
 * Administrator alerts end to end on one server with an injected clock: each condition alerts
 * every administrator once however often the check runs, again after it cleared and came back,
 * never an administrator who turned it off, never a user; e-mail follows each administrator's
 * choice; only administrators read and set their alert preferences.
 */
import { createHash } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAlertKinds, adminAlertsContract as a, type AdminAlertKind } from '../../shared/api/admin-alerts';
import { notificationsContract as n } from '../../shared/api/notifications';
import { fulfilCheckout, startCheckout } from '../billing/checkout';
import type { Db } from '../db/client';
import { deployments, licenses, mailOutbox, notifications, users } from '../db/schema';
import { api } from '../../test/support/api-client';
import { manualClock } from '../../test/support/clock';
import { defaultDevUsers, startTestServer, type TestServer } from '../../test/support/server';
import { signIn } from '../../test/support/sign-in';
import { call, send } from '../../test/support/typed-client';
import { checkAdminAlerts } from './admin-alert-checks';

const hour = 3600_000;
const day = 24 * hour;
const keyHash = (name: string) => createHash('sha256').update(name).digest('hex');
const allOff = Object.fromEntries(adminAlertKinds.map((k) => [k, false])) as Record<AdminAlertKind, boolean>;

describe('administrator alerts', () => {
  let server: TestServer;
  let db: Db;
  const clock = manualClock();
  const ids = { admin: '', boss: '', user: '' };
  const tokens = { admin: '', boss: '', user: '' };

  /** the job, twice at once (two instances) and once more */
  const check = async () => {
    const deps = server.services.notifications.adminAlerts.deps;
    await Promise.all([checkAdminAlerts(deps), checkAdminAlerts(deps)]);
    await checkAdminAlerts(deps);
  };
  const alerts = (userId: string, kind: AdminAlertKind, about: string) =>
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind), like(notifications.body, `%${about}%`)));
  const ping = async (deploymentId: string, usersCount: number, version = '2.12.2') => {
    const res = await api(server, '/api/ping', { method: 'POST', body: { version, apps_count: 1, users_count: usersCount, deployment_id: deploymentId, edition: 'server' } });
    expect(res.status).toBe(200);
    await server.services.notifications.adminAlerts.settled();
  };
  const licence = async (id: string, o: Partial<typeof licenses.$inferInsert> = {}) => {
    await db.insert(licenses).values({
      id,
      email: 'buyer@example.test',
      type: 'enterprise',
      organizationName: `Org ${id}`,
      status: 'active',
      paymentStatus: 'paid',
      usersLimit: 5,
      keyHash: keyHash(id),
      createdAt: clock.now(),
      ...o,
    });
  };

  beforeAll(async () => {
    server = await startTestServer({ DEV_USERS: `${defaultDevUsers},boss@example.test:bosspass`, ADMIN_EMAILS: 'boss@example.test' }, { clock });
    db = server.deps.db;
    // admin@ is an admin by its token's role, boss@ by ADMIN_EMAILS
    const [admin, boss, user] = await Promise.all([
      signIn(server, 'admin@example.test', 'adminpass'),
      signIn(server, 'boss@example.test', 'bosspass'),
      signIn(server, 'user@example.test', 'userpass'),
    ]);
    Object.assign(tokens, { admin: admin.accessToken, boss: boss.accessToken, user: user.accessToken });
    for (const [who, token] of Object.entries(tokens)) {
      await call(server, n.list, {}, { token });
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, `${who}@example.test`));
      ids[who as keyof typeof ids] = row?.id ?? '';
    }
    // boss turns every alert off
    const prefs = await call(server, a.getPreferences, {}, { token: tokens.boss });
    await call(server, a.putPreferences, { body: { ...prefs, enabled: allOff } }, { token: tokens.boss });
  }, 60_000);
  afterAll(async () => server?.cleanup());

  it('lets only administrators read and set their alert preferences, with the defaults filled in', async () => {
    const prefs = await call(server, a.getPreferences, {}, { token: tokens.admin });
    expect(prefs).toMatchObject({ transfer_pending_days: 3, minor_versions_behind: 2 });
    expect(Object.values(prefs.enabled).every(Boolean)).toBe(true);
    expect(Object.values(prefs.email).every(Boolean)).toBe(true);
    expect((await send(server, a.getPreferences, {}, { token: tokens.user })).status).toBe(403);
    expect((await send(server, a.putPreferences, { body: prefs }, { token: tokens.user })).status).toBe(403);
    expect((await send(server, a.putPreferences, { body: { ...prefs, transfer_pending_days: 0 } }, { token: tokens.admin })).status).toBe(400);
    expect((await send(server, a.getPreferences, {}, {})).status).toBe(401);
  });

  it('alerts once when a bank transfer is pending for more than N days, again after it cleared', async () => {
    await licence('lic_pendingtransfer0001', { status: 'pending', paymentStatus: 'pending', usersLimit: 50, keyHash: null, organizationName: 'Acme Transfers' });
    clock.advance(3 * day - hour);
    await check();
    expect(await alerts(ids.admin, 'admin_transfer_pending', 'Acme Transfers')).toHaveLength(0);
    clock.advance(2 * hour);
    await check();
    const [alert, ...more] = await alerts(ids.admin, 'admin_transfer_pending', 'Acme Transfers');
    expect(more).toHaveLength(0);
    expect(alert?.title).toMatch(/^Payment of \$[\d,]+\.00 for Acme Transfers pending for 3 days$/);
    expect(alert?.link).toBe('/admin/licenses');
    const mail = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.notificationId, alert?.id ?? ''));
    expect(mail).toMatchObject([{ toAddress: 'admin@example.test', subject: alert?.title }]);
    expect(await alerts(ids.boss, 'admin_transfer_pending', 'Acme Transfers')).toHaveLength(0);
    expect(await alerts(ids.user, 'admin_transfer_pending', 'Acme Transfers')).toHaveLength(0);

    // a higher N clears it (re-armed), the old N brings it back: a new alert
    const prefs = await call(server, a.getPreferences, {}, { token: tokens.admin });
    await call(server, a.putPreferences, { body: { ...prefs, transfer_pending_days: 10 } }, { token: tokens.admin });
    await check();
    expect(await alerts(ids.admin, 'admin_transfer_pending', 'Acme Transfers')).toHaveLength(1);
    await call(server, a.putPreferences, { body: prefs }, { token: tokens.admin });
    await check();
    expect(await alerts(ids.admin, 'admin_transfer_pending', 'Acme Transfers')).toHaveLength(2);
    // paid: nothing more
    await db.update(licenses).set({ status: 'active', paymentStatus: 'paid' }).where(eq(licenses.id, 'lic_pendingtransfer0001'));
    await check();
    expect(await alerts(ids.admin, 'admin_transfer_pending', 'Acme Transfers')).toHaveLength(2);
  });

  it("alerts once when a ping reports more users than the licence's limit, at the ping, and again after it went back under", async () => {
    await licence('lic_overlimit000000001', { organizationName: 'Crowded Co', usersLimit: 5 });
    const installation = keyHash('lic_overlimit000000001');
    await ping(installation, 5);
    expect(await alerts(ids.admin, 'admin_over_user_limit', 'Crowded Co')).toHaveLength(0);
    await ping(installation, 8);
    const [alert] = await alerts(ids.admin, 'admin_over_user_limit', 'Crowded Co');
    expect(alert).toMatchObject({ title: 'Crowded Co runs 8 users on a license for 5', link: `/admin/installations/id/${installation}`, readAt: null });
    await ping(installation, 9);
    await check();
    expect(await alerts(ids.admin, 'admin_over_user_limit', 'Crowded Co')).toHaveLength(1);
    await ping(installation, 4);
    await ping(installation, 7);
    expect(await alerts(ids.admin, 'admin_over_user_limit', 'Crowded Co')).toHaveLength(2);
    expect(await alerts(ids.boss, 'admin_over_user_limit', 'Crowded Co')).toHaveLength(0);
    // the bell shows it
    const bell = await call(server, n.list, {}, { token: tokens.admin });
    expect(bell.notifications.some((x) => x.kind === 'admin_over_user_limit' && x.title === 'Crowded Co runs 7 users on a license for 5')).toBe(true);
    expect((await call(server, n.list, {}, { token: tokens.user })).notifications.filter((x) => x.kind.startsWith('admin_'))).toEqual([]);
  });

  it('alerts once when a licensed installation has been silent for 24 hours, again after it pinged and fell silent again', async () => {
    await licence('lic_silent00000000001', { organizationName: 'Quiet Ltd' });
    const installation = keyHash('lic_silent00000000001');
    await ping(installation, 1);
    clock.advance(23 * hour);
    await check();
    expect(await alerts(ids.admin, 'admin_installation_silent', 'Quiet Ltd')).toHaveLength(0);
    clock.advance(2 * hour);
    await check();
    await check();
    expect(await alerts(ids.admin, 'admin_installation_silent', 'Quiet Ltd')).toHaveLength(1);
    await ping(installation, 1);
    await check();
    clock.advance(25 * hour);
    await check();
    expect(await alerts(ids.admin, 'admin_installation_silent', 'Quiet Ltd')).toHaveLength(2);
    expect(await alerts(ids.boss, 'admin_installation_silent', 'Quiet Ltd')).toHaveLength(0);
  });

  it('alerts once when a licensed installation is more than N minor versions behind, again after it caught up and fell behind', async () => {
    await licence('lic_behind00000000001', { organizationName: 'Slow Corp' });
    const installation = keyHash('lic_behind00000000001');
    await ping(installation, 1, '2.10.7'); // the bundled list's newest line is 2.12: two lines behind, not more
    await check();
    expect(await alerts(ids.admin, 'admin_versions_behind', 'Slow Corp')).toHaveLength(0);
    await ping(installation, 1, '2.9.0');
    await check();
    const [alert] = await alerts(ids.admin, 'admin_versions_behind', 'Slow Corp');
    expect(alert?.title).toBe('An installation of Slow Corp is 3 minor versions behind');
    expect(alert?.body).toContain('the latest release is 2.12.2');
    await ping(installation, 1, '2.12.2');
    await check();
    await ping(installation, 1, '2.8.1');
    await check();
    expect(await alerts(ids.admin, 'admin_versions_behind', 'Slow Corp')).toHaveLength(2);
    expect(await alerts(ids.boss, 'admin_versions_behind', 'Slow Corp')).toHaveLength(0);
  });

  it('alerts once per failed deployment, with its reason, however often the job runs', async () => {
    const failed = (name: string, at: Date) =>
      db.insert(deployments).values({ userId: ids.user, name, typeId: 'trial_vm_hetzner', provider: 'local', status: 'failed', errorMessage: 'Cloud quota exceeded', createdAt: at, updatedAt: at });
    await failed('old-failure', new Date(clock.now().getTime() - 3 * day));
    await failed('broken-one', clock.now());
    await check();
    const [alert, ...more] = await alerts(ids.admin, 'admin_deployment_failed', 'user@example.test');
    expect(more).toHaveLength(0);
    expect(alert).toMatchObject({ title: 'Deployment broken-one of user@example.test failed', link: '/dashboard' });
    expect(alert?.body).toContain('Cloud quota exceeded');
    await failed('broken-two', clock.now());
    await check();
    expect(await alerts(ids.admin, 'admin_deployment_failed', 'user@example.test')).toHaveLength(2);
    expect(await alerts(ids.boss, 'admin_deployment_failed', 'user@example.test')).toHaveLength(0);
  });

  it('alerts once per payment received, and mails only the administrators who want it by e-mail', async () => {
    const prefs = await call(server, a.getPreferences, {}, { token: tokens.admin });
    await call(server, a.putPreferences, { body: { ...prefs, email: { ...prefs.email, admin_payment_received: false } } }, { token: tokens.admin });
    const { checkoutId } = await startCheckout(server.services.checkout, { userId: ids.user, email: 'user@example.test', purpose: 'balance', amountCents: 1500, description: 'test' });
    await fulfilCheckout(server.services.checkout, checkoutId);
    await check();
    const [alert, ...more] = await alerts(ids.admin, 'admin_payment_received', 'user@example.test');
    expect(more).toHaveLength(0);
    expect(alert).toMatchObject({ title: 'Payment of $15.00 received from user@example.test', link: '/admin/balances' });
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.notificationId, alert?.id ?? '')),
    ).toHaveLength(0);
    expect(await alerts(ids.boss, 'admin_payment_received', 'user@example.test')).toHaveLength(0);
    // boss, an administrator by ADMIN_EMAILS alone, turns it on: the payment is still recent, so it arrives, once
    const bossPrefs = await call(server, a.getPreferences, {}, { token: tokens.boss });
    await call(server, a.putPreferences, { body: { ...bossPrefs, enabled: { ...allOff, admin_payment_received: true } } }, { token: tokens.boss });
    await check();
    expect(await alerts(ids.boss, 'admin_payment_received', 'user@example.test')).toHaveLength(1);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'boss@example.test'))).toMatchObject([{ subject: 'Payment of $15.00 received from user@example.test' }]);
  });
});
