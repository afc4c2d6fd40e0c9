/** Two instances on one PostgreSQL check administrator alerts at the same moment: one alert and one e-mail per condition, re-armed once. */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { installations, licenses, mailOutbox, notifications, users } from '../db/schema';
import { manualClock } from '../../test/support/clock';
import { postgresAvailable, postgresSkipNote } from '../../test/support/postgres';
import { useTwoInstancesOnPostgres } from '../../test/support/two-instances';
import { checkAdminAlerts } from './admin-alert-checks';

const pgAvailable = await postgresAvailable();

describe.skipIf(!pgAvailable)(pgAvailable ? 'administrator alerts with two instances on PostgreSQL' : `administrator alerts on PostgreSQL ${postgresSkipNote}`, () => {
  const clock = manualClock();
  const servers = useTwoInstancesOnPostgres({ clock });

  it('raises one over-limit alert however many checks race, and one more after it cleared', async () => {
    const db = servers[0]?.deps.db;
    if (!db) throw new Error('no server');
    const email = `admin-${randomUUID()}@example.test`;
    const [admin] = await db.insert(users).values({ issuer: 'alerts-test', subject: randomUUID(), email, idpAdmin: true }).returning({ id: users.id });
    const key = createHash('sha256').update('race-licence').digest('hex');
    await db
      .insert(licenses)
      .values({ id: 'lic_race0000000000000001', email: 'buyer@example.test', type: 'enterprise', organizationName: 'Race Org', status: 'active', paymentStatus: 'paid', usersLimit: 5, keyHash: key });
    const installation = {
      key,
      deploymentId: key,
      ipAddress: '192.0.2.1',
      version: '2.12.2',
      appsCount: 1,
      usersCount: 9,
      licenseId: 'lic_race0000000000000001',
      organizationName: 'Race Org',
      firstSeen: clock.now(),
      lastPing: clock.now(),
    };
    await db.insert(installations).values(installation);
    const race = () => Promise.all(servers.flatMap((s) => [checkAdminAlerts(s.services.notifications.adminAlerts.deps), checkAdminAlerts(s.services.notifications.adminAlerts.deps)]));
    const alerts = () =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, admin?.id ?? ''), eq(notifications.kind, 'admin_over_user_limit')));
    await race();
    expect(await alerts()).toHaveLength(1);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toHaveLength(1);
    await db.update(installations).set({ usersCount: 5 }).where(eq(installations.key, key));
    await race();
    await db.update(installations).set({ usersCount: 6 }).where(eq(installations.key, key));
    await race();
    expect(await alerts()).toHaveLength(2);
  });
});
