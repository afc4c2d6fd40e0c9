/** Two instances on one PostgreSQL run the check at the same moment: one notice and one e-mail. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { record } from '../billing/ledger';
import { mailOutbox, notifications, users } from '../db/schema';
import { manualClock } from '../../test/support/clock';
import { postgresAvailable, postgresSkipNote } from '../../test/support/postgres';
import { useTwoInstancesOnPostgres } from '../../test/support/two-instances';
import { checkNotifications } from './triggers';

const pgAvailable = await postgresAvailable();

describe.skipIf(!pgAvailable)(pgAvailable ? 'notifications with two instances on PostgreSQL' : `notifications on PostgreSQL ${postgresSkipNote}`, () => {
  const clock = manualClock();
  const servers = useTwoInstancesOnPostgres({ clock });

  it('makes one low-balance notice and one e-mail however many checks race', async () => {
    const db = servers[0]?.deps.db;
    if (!db) throw new Error('no server');
    const email = `race-${randomUUID()}@example.test`;
    const [u] = await db.insert(users).values({ issuer: 'notifications-test', subject: randomUUID(), email }).returning({ id: users.id });
    const userId = u?.id ?? '';
    await record(db, { accountId: userId, amountCents: 500, kind: 'topup', idempotencyKey: `seed:${userId}`, description: 'seed' });
    await record(db, { accountId: userId, amountCents: -400, kind: 'usage', idempotencyKey: `spend:${userId}`, description: 'spend' });
    await Promise.all(servers.flatMap((s) => [checkNotifications(s.services.notifications), checkNotifications(s.services.notifications)]));
    expect(await db.select().from(notifications).where(eq(notifications.userId, userId))).toHaveLength(1);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toHaveLength(1);
  });
});
