/**
 * The notices users get for their deployments and licences (issue 30, part 4), on one server with
 * an injected clock: ready, failed with its reason, version changed; licence issued, activated;
 * each once, in the bell and by e-mail as the user's preferences say. A 14-day trial is not
 * warned of its end by the 30-day reminder.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deploymentsContract } from '../../shared/api/deployments';
import { licensesContract as lc } from '../../shared/api/licenses';
import { notificationsContract as n } from '../../shared/api/notifications';
import { defaultBrand } from '../../shared/brand';
import { deployments, mailOutbox, notifications, users } from '../db/schema';
import { reconcile } from '../deployments/jobs';
import { manualClock, until } from '../../test/support/clock';
import { openLocalCheckout } from '../../test/support/local-checkout';
import { useTestServer } from '../../test/support/suite-server';
import { call } from '../../test/support/typed-client';
import { checkNotifications } from './triggers';

const d = deploymentsContract(defaultBrand);
const day = 86_400_000;

describe('notices for users', () => {
  const clock = manualClock();
  const { server, tokens } = useTestServer({}, { clock, signIn: 'all' });

  const userIdOf = async (email: string) => (await server.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? '';
  const noticesOf = async (email: string, kind: string) => {
    const userId = await userIdOf(email);
    return (await server.deps.db.select().from(notifications).where(eq(notifications.userId, userId))).filter((x) => x.kind === kind);
  };
  const mailFor = async (noticeId: string | undefined) =>
    server.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.notificationId, noticeId ?? '00000000-0000-0000-0000-000000000000'));
  const get = (id: string) => call(server, d.get, { params: { id } }, { token: tokens.user });

  it('tells the owner once when a deployment is ready, and when its version changed (or did not)', async () => {
    const { id } = await call(server, d.create, { body: { configId: 'trial_vm_hetzner', name: 'told-ready', timeoutMins: null, helixVersion: '2.11.4' } }, { token: tokens.user });
    await until('running', async () => (await get(id)).status === 'running');
    const [ready, ...more] = await noticesOf('user@example.test', 'deployment_ready');
    expect(more).toHaveLength(0);
    expect(ready).toMatchObject({ title: 'Deployment told-ready is ready', link: `/deployments/id/${id}` });
    expect(ready?.body).toMatch(/^Your deployment "told-ready" is running\. Its address: http:\/\/\S+\/$/);
    expect(await mailFor(ready?.id)).toHaveLength(1);
    // the bell shows it
    expect((await call(server, n.list, {}, { token: tokens.user })).notifications.some((x) => x.title === 'Deployment told-ready is ready')).toBe(true);

    await call(server, d.updateVersion, { params: { id }, body: { version: '2.12.1' } }, { token: tokens.user });
    await until('updated', async () => (await get(id)).status === 'running');
    const [changed] = await noticesOf('user@example.test', 'deployment_version');
    expect(changed).toMatchObject({ title: 'Deployment told-ready now runs 2.12.1', body: 'Your deployment "told-ready" was updated from 2.11.4 to 2.12.1.' });
  });

  it('tells the owner once that provisioning failed, with the reason', async () => {
    const userId = await userIdOf('user@example.test');
    const now = clock.now();
    const [row] = await server.deps.db
      .insert(deployments)
      .values({ userId, name: 'never-up', typeId: 'trial_vm_hetzner', provider: 'local', status: 'creating', leaseUntil: new Date(now.getTime() - 1000), createdAt: now, updatedAt: now })
      .returning();
    await reconcile(server.services.deployments);
    await reconcile(server.services.deployments);
    const failed = (await noticesOf('user@example.test', 'deployment_failed')).filter((x) => x.dedupeKey === `deployment_failed:${row?.id}`);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.title).toBe('Deployment never-up failed');
    expect(failed[0]?.body).toContain('Provisioning was interrupted or took too long');
  });

  it('tells the licensee of an issued trial, warns of its end at 7 days but never at 30, and of an enterprise licence activated by its payment', async () => {
    const trial = await call(server, lc.create, { body: { type: 'trial', organization_name: 'Short Term Ltd' } }, { token: tokens.other });
    const issued = await noticesOf('other@example.test', 'licence_issued');
    expect(issued.map((x) => x.title)).toEqual(['Your Enterprise Trial license for Short Term Ltd is ready']);
    expect(issued[0]?.body).toContain(trial.id);

    await checkNotifications(server.services.notifications);
    expect(await noticesOf('other@example.test', 'licence_expiring')).toHaveLength(0);
    clock.advance(7.5 * day);
    await checkNotifications(server.services.notifications);
    await checkNotifications(server.services.notifications);
    const warned = await noticesOf('other@example.test', 'licence_expiring');
    expect(warned.map((x) => x.dedupeKey)).toEqual([`licence-expiring:${trial.id}:7`]);
    expect(warned[0]?.title).toBe('Your license for Short Term Ltd expires in 7 days');

    const pending = await call(server, lc.create, { body: { type: 'enterprise', organization_name: 'Paying Co', users_limit: 10, gpus_limit: 0, support_level: 'none' } }, { token: tokens.other });
    expect((await noticesOf('other@example.test', 'licence_issued')).map((x) => x.title)).not.toContain('Your Enterprise Pro license for Paying Co is ready');
    const { checkout_url } = await call(server, lc.checkout, { body: { license_id: pending.id, users_limit: 10, gpus_limit: 0, support_level: 'none' } }, { token: tokens.other });
    const page = await openLocalCheckout(checkout_url);
    expect((await page.post('pay')).status).toBe(302);
    const activated = await noticesOf('other@example.test', 'licence_activated');
    expect(activated.map((x) => x.title)).toEqual(['Your license for Paying Co is active']);
    expect(await noticesOf('other@example.test', 'payment_received')).toHaveLength(1);
  });

  it("follows the user's e-mail preferences, and e-mails a licensee without an account", async () => {
    const prefs = await call(server, n.getPreferences, {}, { token: tokens.user });
    await call(server, n.putPreferences, { body: { ...prefs, email: { ...prefs.email, licence_issued: false } } }, { token: tokens.user });
    await call(server, lc.adminCreate, { body: { email: 'user@example.test', organization_name: 'Quiet Inc', users_limit: 5, duration_weeks: 8 } }, { token: tokens.admin });
    const [quiet] = (await noticesOf('user@example.test', 'licence_issued')).filter((x) => x.title.includes('Quiet Inc'));
    expect(quiet?.title).toBe('Your Enterprise Pro license for Quiet Inc is ready');
    expect(await mailFor(quiet?.id)).toHaveLength(0);

    await call(server, lc.adminCreate, { body: { email: 'nobody-yet@example.test', organization_name: 'Future Co', duration_weeks: 8, confirmUnknownEmail: true } }, { token: tokens.admin });
    const mail = await server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'nobody-yet@example.test'));
    expect(mail.map((m) => m.subject)).toEqual(['Your Enterprise Pro license for Future Co is ready']);
    expect(mail[0]?.body).toMatch(/\/licenses\/id\/lic_[a-z0-9]{20}$/);
  });
});
