/** Two instances on one PostgreSQL run the check at the same moment: one notice and one e-mail. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { record } from '../billing/ledger';
import { mailOutbox, notifications, users } from '../db/schema';
import { manualClock } from '../test-support/clock';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../test-support/postgres';
import { startTestServer, type TestServer } from '../test-support/server';
import { checkNotifications } from './triggers';

const pgAvailable = await postgresAvailable();

describe.skipIf(!pgAvailable)(pgAvailable ? 'notifications with two instances on PostgreSQL' : `notifications on PostgreSQL ${postgresSkipNote}`, () => {
  let pgdb: TestPostgresDatabase;
  let servers: TestServer[] = [];
  const clock = manualClock();

  beforeAll(async () => {
    pgdb = await createPostgresDatabase();
    const first = await startTestServer({ DATABASE_URL: pgdb.url }, { clock });
    servers = [first, await startTestServer({ DATABASE_URL: pgdb.url }, { clock })];
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) await s.cleanup();
    await pgdb?.drop();
  });

  it('makes one low-balance notice and one e-mail however many checks race', async () => {
    const db = servers[0]?.deps.db;
    if (!db) throw new Error('no server');
    const email = `race-${randomUUID()}@example.test`;
    const [u] = await db.insert(users).values({ issuer: 'notifications-test', subject: randomUUID(), email }).returning({ id: users.id });
    const userId = u?.id ?? '';
    await record(db, { userId, amountCents: 500, kind: 'topup', idempotencyKey: `seed:${userId}`, description: 'seed' });
    await record(db, { userId, amountCents: -400, kind: 'usage', idempotencyKey: `spend:${userId}`, description: 'spend' });
    await Promise.all(servers.flatMap((s) => [checkNotifications(s.services.notifications), checkNotifications(s.services.notifications)]));
    expect(await db.select().from(notifications).where(eq(notifications.userId, userId))).toHaveLength(1);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toHaveLength(1);
  });
});
