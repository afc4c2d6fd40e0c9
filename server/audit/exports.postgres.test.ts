import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContract } from '../../shared/api/auth';
import { api } from '../../test/support/api-client';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../test/support/postgres';
import { signInDefaultUsers } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';
import { call } from '../../test/support/typed-client';
import { parseCsv } from '../../test/support/csv';
import { fillLedger, hostileDescription } from '../../test/support/export-fixtures';

const available = await postgresAvailable();

/** A CSV export on PostgreSQL (issue 22): keyset pages across 20,000 rows, and the audit log export with its filters. */
describe.skipIf(!available)(available ? 'CSV exports on PostgreSQL' : `CSV exports ${postgresSkipNote}`, () => {
  let pgdb: TestPostgresDatabase;
  let server: TestServer;
  let tokens: { user: string; other: string; admin: string };

  beforeAll(async () => {
    pgdb = await createPostgresDatabase();
    server = await startTestServer({ DATABASE_URL: pgdb.url });
    tokens = await signInDefaultUsers(server);
  });
  afterAll(async () => {
    await server?.cleanup();
    await pgdb?.drop();
  });

  it('transactions: every row once, hostile cells escaped', { timeout: 60_000 }, async () => {
    const userId = (await call(server, authContract.me, {}, { token: tokens.user })).id;
    await fillLedger(server.deps.db, userId, 20_000);
    const [header, ...data] = parseCsv(String((await api(server, '/api/balance/transactions/export', { token: tokens.user })).body));
    expect(header?.[0]).toBe('created_at');
    expect(data.filter((r) => r[1] === 'usage')).toHaveLength(20_000);
    expect(new Set(data.map((r) => r[6])).size).toBe(data.length);
    expect(data.filter((r) => r[2] === `'${hostileDescription}`)).toHaveLength(20);
  });

  it('the audit log export honours the list filters', async () => {
    await api(server, '/api/admin/balance/topup', { token: tokens.admin, body: { email: 'user@example.test', amount_cents: 500, reason: 'test' }, headers: { 'idempotency-key': 'pg-export-1' } });
    await api(server, '/api/auth/api-keys', { token: tokens.other, body: { name: '+cmd' } });
    const all = parseCsv(String((await api(server, '/api/admin/audit/export', { token: tokens.admin })).body));
    expect(
      all
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['admin.balance.topup', 'auth.api_key.created']);
    const topups = parseCsv(String((await api(server, '/api/admin/audit/export?action=admin.balance.topup&actor=admin', { token: tokens.admin })).body));
    expect(topups.slice(1).map((r) => r[1])).toEqual(['admin.balance.topup']);
  });
});
