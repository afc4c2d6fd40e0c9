import { count, eq } from 'drizzle-orm';
import { ledgerEntries } from '../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContract } from '../../shared/api/auth';
import { api, request } from '../../test/support/api-client';
import { signInDefaultUsers } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';
import { call } from '../../test/support/typed-client';
import { parseCsv } from '../../test/support/csv';
import { fillLedger, hostileDescription } from '../../test/support/export-fixtures';

/** CSV exports (issue 22) on PGlite: 100,000 transactions streamed whole and in order, hostile cells escaped; the admin exports. */
describe('CSV exports', () => {
  let server: TestServer;
  let tokens: { user: string; other: string; admin: string };
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer();
    tokens = await signInDefaultUsers(server);
    userId = (await call(server, authContract.me, {}, { token: tokens.user })).id;
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  it('100,000 transactions: every row once, newest first, formulas escaped', { timeout: 120_000 }, async () => {
    await fillLedger(server.deps.db, userId, 100_000);
    // request(), not fetch: parsing 100,000 rows blocks this process (the server's too) past the 5 s keep-alive,
    // and undici then sent the next request on the socket the server had just closed (ECONNRESET, seen in a suite run)
    const res = await request(`${server.url}/api/balance/transactions/export`, { method: 'GET', headers: { authorization: `Bearer ${tokens.user}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(res.text);
    const [header, ...data] = rows;
    expect(header).toEqual(['created_at', 'kind', 'description', 'amount_cents', 'balance_after_cents', 'reference', 'id']);
    const [counted] = await server.deps.db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
    const n = counted?.n ?? 0;
    expect(n).toBeGreaterThanOrEqual(100_000);
    expect(data).toHaveLength(n);
    expect(new Set(data.map((r) => r[6])).size).toBe(n);
    const times = data.map((r) => r[0] ?? '');
    expect(times.every((t, i) => i === 0 || t <= (times[i - 1] ?? ''))).toBe(true);
    // The hostile description comes back as text a spreadsheet will not run.
    const hostile = data.filter((r) => r[2]?.startsWith("'="));
    expect(hostile).toHaveLength(100);
    expect(hostile[0]?.[2]).toBe(`'${hostileDescription}`);
    expect(data.some((r) => r[2]?.startsWith('='))).toBe(false);
    // Amounts stay numbers.
    expect(data.find((r) => r[1] === 'usage')?.[3]).toBe('-1');
    // Another user's export holds none of these rows.
    const theirs = parseCsv((await request(`${server.url}/api/balance/transactions/export`, { method: 'GET', headers: { authorization: `Bearer ${tokens.other}` } })).text);
    expect(theirs.length).toBeLessThan(5);
  });

  it('admin exports of deployments, licences and balances; 403 for users, 401 without sign-in', async () => {
    await api(server, '/api/admin/licenses/create', { token: tokens.admin, body: { email: 'other@example.test', organization_name: '@Evil Corp', perpetual: true, confirmUnknownEmail: true } });
    const licences = parseCsv(String((await api(server, '/api/admin/licenses/export', { token: tokens.admin })).body));
    expect(licences[0]?.slice(0, 4)).toEqual(['id', 'user_email', 'type', 'organization_name']);
    expect(licences.find((r) => r[1] === 'other@example.test')?.[3]).toBe("'@Evil Corp");
    // each licence's yearly amount: an administrator's enterprise licence for 10 users at the default price
    const amount = licences[0]?.indexOf('amount_usd') ?? -1;
    expect(amount).toBeGreaterThan(0);
    expect(licences.find((r) => r[1] === 'other@example.test')?.[amount]).toMatch(/^\d+\.\d{2}$/);

    const balances = parseCsv(String((await api(server, '/api/admin/balances/export', { token: tokens.admin })).body));
    expect(balances[0]).toEqual(['user_id', 'email', 'balance_cents', 'updated_at']);
    expect(balances.find((r) => r[0] === userId)?.[1]).toBe('user@example.test');

    const deployments = parseCsv(String((await api(server, '/api/admin/deployments/export', { token: tokens.admin })).body));
    expect(deployments[0]?.[0]).toBe('id');

    for (const path of ['/api/admin/licenses/export', '/api/admin/balances/export', '/api/admin/deployments/export', '/api/admin/audit/export']) {
      expect((await api(server, path, { token: tokens.user })).status).toBe(403);
      expect((await api(server, path)).status).toBe(401);
    }
    expect((await api(server, '/api/balance/transactions/export')).status).toBe(401);
  });
});
