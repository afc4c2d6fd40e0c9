import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, ledgerEntries } from '../db/schema';
import { manualClock, until } from '../test-support/clock';
import { api, signInDefaultUsers, startTestServer, type TestServer } from '../test-support/server';
import { meterUsage } from './service';

interface Balance {
  balance_cents: number;
  hourly_burn_cents: number;
  runtime_left_minutes: number | null;
}

describe('prepaid balance and billing', () => {
  let server: TestServer;
  const clock = manualClock();
  let user: string;
  let other: string;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({}, { clock });
    ({ user, other, admin } = await signInDefaultUsers(server));
  });
  afterAll(async () => server?.cleanup());

  const balance = async (token: string) => (await api(server, '/api/balance', { token })).body as Balance;
  const ledgerSum = async () => {
    const [row] = await server.deps.db.select({ n: sql<string>`coalesce(sum(amount_cents), 0)` }).from(ledgerEntries);
    return Number(row?.n);
  };

  it('gives a new user $4 once, however many first requests race', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => balance(other)));
    expect(answers.every((b) => b.balance_cents === 400)).toBe(true);
    const tx = (await api(server, '/api/balance/transactions', { token: other })).body as { transactions: { kind: string }[] };
    expect(tx.transactions.filter((t) => t.kind === 'free_credit')).toHaveLength(1);
  });

  it('refuses a paid deployment the balance cannot cover with 402 and the reason', async () => {
    const res = await api(server, '/api/deployments', { method: 'POST', token: other, body: { configId: 'gpu_instance_civo', name: 'too-big', timeoutMins: null } });
    expect(res.status).toBe(402);
    expect((res.body as { error: string }).error).toMatch(/Insufficient balance/);
  });

  it('adds funds through the local checkout page, credited once even if paid twice', async () => {
    const start = await balance(user);
    const res = await api(server, '/api/balance/checkout', { method: 'POST', token: user, body: { amount_cents: 5000 } });
    expect(res.status).toBe(200);
    const url = (res.body as { url: string }).url;
    const page = await (await fetch(url)).text();
    expect(page).toContain('$50.00');
    const pay = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(302);
    expect(pay.headers.get('location')).toBe('/balance?checkout=success');
    await Promise.all([fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' }), fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' })]);
    expect((await balance(user)).balance_cents).toBe(start.balance_cents + 5000);
  });

  it.each([[{ amount_cents: 10 }], [{ amount_cents: 5000.5 }], [{ amount_cents: '5000' }], [{ amount_cents: -5 }], [{}], [{ amount_cents: 1e12 }]])('refuses checkout body %j with 400', async (body) => {
    expect((await api(server, '/api/balance/checkout', { method: 'POST', token: user, body })).status).toBe(400);
  });

  it('lets only admins top up, by email, with clear errors', async () => {
    const body = { email: 'other@example.test', amount_cents: 1234 };
    expect((await api(server, '/api/admin/balance/topup', { method: 'POST', token: user, body })).status).toBe(403);
    expect((await api(server, '/api/admin/balance/topup', { method: 'POST', body })).status).toBe(401);
    expect((await api(server, '/api/admin/balance/topup', { method: 'POST', token: admin, body: { ...body, email: 'nobody@example.test' } })).status).toBe(404);
    for (const amount_cents of [0, -100, 'NaN', 1.5]) {
      expect((await api(server, '/api/admin/balance/topup', { method: 'POST', token: admin, body: { ...body, amount_cents } })).status).toBe(400);
    }
    const before = (await balance(other)).balance_cents;
    const res = await api(server, '/api/admin/balance/topup', { method: 'POST', token: admin, body, headers: { 'Idempotency-Key': 'topup-1' } });
    expect(res.status).toBe(200);
    await api(server, '/api/admin/balance/topup', { method: 'POST', token: admin, body, headers: { 'Idempotency-Key': 'topup-1' } });
    expect((await balance(other)).balance_cents).toBe(before + 1234);
  });

  it('charges the first hour at create, every started hour after, once, and shows the burn', async () => {
    const before = (await balance(user)).balance_cents;
    const created = await api(server, '/api/deployments', { method: 'POST', token: user, body: { configId: 'trial_vm_hetzner', name: 'metered', timeoutMins: null } });
    const id = (created.body as { id: string }).id;
    await until('running', async () => ((await api(server, `/api/deployments/${id}`, { token: user })).body as { status: string }).status === 'running');
    const b1 = await balance(user);
    expect(b1.balance_cents).toBe(before - 10);
    expect(b1.hourly_burn_cents).toBe(10);
    expect(b1.runtime_left_minutes).toBe(Math.floor((b1.balance_cents / 10) * 60));

    const terminate = async () => undefined;
    expect((await meterUsage(server.services.billing, terminate)).charged).toBe(0);
    clock.advance(3 * 3600_000 + 60_000); // three more hours have started; the job missed them
    const [r1, r2] = await Promise.all([meterUsage(server.services.billing, terminate), meterUsage(server.services.billing, terminate)]);
    expect(r1.charged + r2.charged).toBe(3);
    expect((await balance(user)).balance_cents).toBe(before - 40);
    const tx = (await api(server, '/api/balance/transactions?limit=2', { token: user })).body as { transactions: { kind: string; amount_cents: number }[]; next_cursor: string | null };
    expect(tx.transactions.map((t) => [t.kind, t.amount_cents])).toEqual([['usage', -10], ['usage', -10]]);
    expect(tx.next_cursor).not.toBeNull();
    const next = (await api(server, `/api/balance/transactions?limit=2&cursor=${encodeURIComponent(tx.next_cursor ?? '')}`, { token: user })).body as { transactions: unknown[] };
    expect(next.transactions).toHaveLength(2);
    const spend = (await api(server, '/api/balance/daily-spend', { token: user })).body as { days: { spend_cents: number }[] };
    expect(spend.days).toHaveLength(30);
    await api(server, `/api/deployments/${id}`, { method: 'DELETE', token: user });
    await server.services.tasks.drain();
  });

  it('keeps the ledger append-only and the balances equal to the sum of the ledger', async () => {
    const failure = (q: Promise<unknown>) => q.then(() => 'no error', (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message));
    expect(await failure(server.deps.db.execute(sql`update ledger_entries set amount_cents = 1`))).toMatch(/append-only/);
    expect(await failure(server.deps.db.execute(sql`delete from ledger_entries`))).toMatch(/append-only/);
    const [row] = await server.deps.db.select({ n: sql<string>`coalesce(sum(balance_cents), 0)` }).from(balances);
    expect(Number(row?.n)).toBe(await ledgerSum());
  });

  it('answers balance routes only to signed-in users', async () => {
    expect((await api(server, '/api/balance')).status).toBe(401);
    expect((await api(server, '/api/balance/transactions?cursor=bad', { token: user })).status).toBe(400);
  });
});
