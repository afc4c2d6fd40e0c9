import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushSignInRefusals } from '../../audit/security';
import { auditEvents } from '../../db/schema';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../../test/support/postgres';
import { openLoginPage } from '../../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { frozenClock } from '../../../test/support/clock';

const available = await postgresAvailable();

/**
 * The per-account sign-in limit (issue 19) holds across instances on one PostgreSQL database and
 * under parallel guesses: each attempt is counted before its password is checked.
 */
describe.skipIf(!available)(available ? 'sign-in limit per account, two instances on one PostgreSQL' : `sign-in limit per account ${postgresSkipNote}`, () => {
  let pgdb: TestPostgresDatabase;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    pgdb = await createPostgresDatabase();
    const env = { DATABASE_URL: pgdb.url, TRUST_PROXY: 'true', RATE_LIMIT_SIGNIN_PER_MINUTE: '3', RATE_LIMIT_SIGNIN_PER_ACCOUNT: '5' };
    // One clock standing still for both instances: the count cannot roll into the next minute's window.
    const clock = frozenClock();
    [a, b] = await Promise.all([startTestServer(env, { clock }), startTestServer(env, { clock })]);
  });
  afterAll(async () => {
    await a?.cleanup();
    await b?.cleanup();
    await pgdb?.drop();
  });

  it('40 parallel guesses from 40 addresses against both instances: only 5 passwords are checked, the rest are 429', async () => {
    const pages = await Promise.all([a, b, a, b].map((s) => openLoginPage(s)));
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => pages[i % pages.length]!.submit('user@example.test', `guess-${i}`, { 'x-forwarded-for': `203.0.113.${i + 1}` })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    // Not even the right password gets through now, on either instance.
    for (const s of [a, b]) expect((await (await openLoginPage(s)).submit('user@example.test', 'userpass', { 'x-forwarded-for': '198.51.100.1' })).status).toBe(429);
    // The 37 refusals on both instances are one audit row with their count, written once.
    await Promise.all([a, b].map((s) => flushSignInRefusals(s.deps, { all: true })));
    const rows = await a.deps.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.sign_in.limited'));
    expect(rows.map((r) => [r.targetId, (r.details as { refused: number }).refused])).toEqual([['user@example.test', 37]]);
  });
});
