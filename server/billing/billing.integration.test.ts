import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balances, ledgerEntries, users } from '../db/schema';
import { manualClock, until } from '../../test/support/clock';
import { openLocalCheckout } from '../../test/support/local-checkout';
import { billingContract as b } from '../../shared/api/billing';
import { deploymentsContract } from '../../shared/api/deployments';
import { defaultBrand } from '../../shared/brand';
import { api } from '../../test/support/api-client';
import { useTestServer } from '../../test/support/suite-server';
import { call, send } from '../../test/support/typed-client';
import { meterUsage } from './service';

const d = deploymentsContract(defaultBrand);

describe('prepaid balance and billing', () => {
  const clock = manualClock();
  const { server, tokens } = useTestServer({}, { clock, signIn: 'all' });

  const balance = (token: string) => call(server, b.balance, {}, { token });
  const checkoutUrl = async (token: string, amount_cents: number) => (await call(server, b.checkout, { body: { amount_cents } }, { token })).url;
  const ledgerSum = async () => {
    const [row] = await server.deps.db.select({ n: sql<string>`coalesce(sum(amount_cents), 0)` }).from(ledgerEntries);
    return Number(row?.n);
  };

  it('gives a new user $4 once, however many first requests race', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => balance(tokens.other)));
    expect(answers.every((b) => b.balance_cents === 400)).toBe(true);
    const tx = await call(server, b.transactions, {}, { token: tokens.other });
    expect(tx.transactions.filter((t) => t.kind === 'free_credit')).toHaveLength(1);
  });

  it('refuses a paid deployment the balance cannot cover with 402 and the reason', async () => {
    const res = await send(server, d.create, { body: { configId: 'gpu_instance_civo', name: 'too-big', timeoutMins: null } }, { token: tokens.other });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ error: expect.stringMatching(/Insufficient balance/) });
  });

  it('adds funds through the local checkout page, credited once even if paid twice', async () => {
    const start = await balance(tokens.user);
    const url = await checkoutUrl(tokens.user, 5000);
    const browser = await openLocalCheckout(url);
    expect(browser.html).toContain('$50.00');
    expect(browser.html).toContain('Paid into: <strong>your personal account</strong>');
    const pay = await browser.post('pay');
    expect(pay.status).toBe(302);
    expect(pay.headers.get('location')).toBe('/balance?checkout=success');
    await Promise.all([browser.post('pay'), browser.post('pay')]);
    expect((await balance(tokens.user)).balance_cents).toBe(start.balance_cents + 5000);
  });

  it("lets only the owner's browser pay or cancel a local checkout: grant once, SameSite cookie, form token, same origin", async () => {
    const start = await balance(tokens.user);
    const url = await checkoutUrl(tokens.user, 1000);
    expect(url).toMatch(/\/checkout\/[0-9a-f-]{36}\?grant=[A-Za-z0-9_-]{43}$/);
    const owner = await openLocalCheckout(url);
    expect(owner.pageUrl).toMatch(/\/checkout\/[0-9a-f-]{36}$/);
    const exchange = await fetch(url, { redirect: 'manual' });
    // The grant was spent: opening the address again (someone who found it in a history) gets no cookie.
    expect(exchange.headers.getSetCookie()).toEqual([]);
    const stranger = await fetch(owner.pageUrl);
    expect(stranger.status).toBe(403);
    expect(await stranger.text()).not.toContain('csrf');

    // Without the cookie, with a wrong token, or from another site: 403 {error, details?}, nothing paid.
    for (const attempt of [{ cookie: '' }, { cookie: 'lp_checkout=guessed' }, { csrf: 'forged' }, { origin: 'https://evil.example' }]) {
      const res = await owner.post('pay', attempt);
      expect([JSON.stringify(attempt), res.status]).toEqual([JSON.stringify(attempt), 403]);
      expect(((await res.json()) as { error: string }).error).toBeTruthy();
    }
    expect((await owner.post('cancel', { cookie: '' })).status).toBe(403);
    expect((await balance(tokens.user)).balance_cents).toBe(start.balance_cents);
    const paid = await owner.post('pay', { origin: server.url });
    expect(paid.status).toBe(302);
    expect((await balance(tokens.user)).balance_cents).toBe(start.balance_cents + 1000);

    // The owner can cancel their own.
    const second = await openLocalCheckout(await checkoutUrl(tokens.user, 700));
    expect((await second.post('cancel')).headers.get('location')).toBe('/balance?checkout=cancelled');
    expect((await second.post('pay')).status).toBe(409);
    expect((await balance(tokens.user)).balance_cents).toBe(start.balance_cents + 1000);
  });

  it('scopes the admin top-up key to the admin and the target: one key for two users credits both, a retry once', async () => {
    const u0 = (await balance(tokens.user)).balance_cents;
    const o0 = (await balance(tokens.other)).balance_cents;
    const headers = { 'Idempotency-Key': 'shared-key-1' };
    for (const email of ['user@example.test', 'other@example.test', 'user@example.test', 'other@example.test']) {
      expect((await api(server, '/api/admin/balance/topup', { method: 'POST', token: tokens.admin, headers, body: { email, amount_cents: 111, reason: 'test' } })).status).toBe(200);
    }
    expect((await balance(tokens.user)).balance_cents).toBe(u0 + 111);
    expect((await balance(tokens.other)).balance_cents).toBe(o0 + 111);
  });

  it('answers a reused top-up Idempotency-Key with another amount 422, crediting nothing (as Stripe does)', async () => {
    const before = (await balance(tokens.other)).balance_cents;
    const headers = { 'Idempotency-Key': 'reused-key-1' };
    const send = (amount_cents: number) =>
      api(server, '/api/admin/balance/topup', { method: 'POST', token: tokens.admin, headers, body: { email: 'other@example.test', amount_cents, reason: 'test' } });
    expect((await send(500)).status).toBe(200);
    const other = await send(50_000);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      error: 'This Idempotency-Key was used for a top-up of another amount: use a new key for a new top-up',
      details: { idempotency_key: 'reused-key-1', amount_cents: 500 },
    });
    expect((await send(500)).status).toBe(200);
    expect((await balance(tokens.other)).balance_cents).toBe(before + 500);
  });

  it('refuses a top-up by an email that more than one account uses, naming the problem', async () => {
    await server.deps.db.insert(users).values([
      { issuer: 'https://a.example', subject: 'twin-1', email: 'twin@example.test' },
      { issuer: 'https://b.example', subject: 'twin-2', email: 'Twin@Example.test' },
    ]);
    const res = await api(server, '/api/admin/balance/topup', { method: 'POST', token: tokens.admin, body: { email: 'twin@example.test', amount_cents: 500, reason: 'test' } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'More than one account uses the email twin@example.test: the top-up was not made, because it could not tell whose balance to credit',
      details: { email: 'twin@example.test', accounts: 2 },
    });
  });

  it.each([[{ amount_cents: 10 }], [{ amount_cents: 5000.5 }], [{ amount_cents: '5000' }], [{ amount_cents: -5 }], [{}], [{ amount_cents: 1e12 }]])(
    'refuses checkout body %j with 400',
    async (body) => {
      expect((await api(server, '/api/balance/checkout', { method: 'POST', token: tokens.user, body })).status).toBe(400);
    },
  );

  it('lets only admins top up, by email, with clear errors', async () => {
    const body = { email: 'other@example.test', amount_cents: 1234, reason: 'Goodwill credit' };
    expect((await api(server, '/api/admin/balance/topup', { method: 'POST', token: tokens.user, body })).status).toBe(403);
    expect((await api(server, '/api/admin/balance/topup', { method: 'POST', body })).status).toBe(401);
    expect((await api(server, '/api/admin/balance/topup', { method: 'POST', token: tokens.admin, body: { ...body, email: 'nobody@example.test' } })).status).toBe(404);
    for (const amount_cents of [0, -100, 'NaN', 1.5]) {
      expect((await api(server, '/api/admin/balance/topup', { method: 'POST', token: tokens.admin, body: { ...body, amount_cents } })).status).toBe(400);
    }
    const before = (await balance(tokens.other)).balance_cents;
    const res = await api(server, '/api/admin/balance/topup', { method: 'POST', token: tokens.admin, body, headers: { 'Idempotency-Key': 'topup-1' } });
    expect(res.status).toBe(200);
    await api(server, '/api/admin/balance/topup', { method: 'POST', token: tokens.admin, body, headers: { 'Idempotency-Key': 'topup-1' } });
    expect((await balance(tokens.other)).balance_cents).toBe(before + 1234);
  });

  it('charges the first hour at create, every started hour after, once, and shows the burn', async () => {
    const before = (await balance(tokens.user)).balance_cents;
    const { id } = await call(server, d.create, { body: { configId: 'trial_vm_hetzner', name: 'metered', timeoutMins: null } }, { token: tokens.user });
    await until('running', async () => (await call(server, d.get, { params: { id } }, { token: tokens.user })).status === 'running');
    const b1 = await balance(tokens.user);
    expect(b1.balance_cents).toBe(before - 10);
    expect(b1.hourly_burn_cents).toBe(10);
    expect(b1.runtime_left_minutes).toBe(Math.floor((b1.balance_cents / 10) * 60));

    const terminate = async () => undefined;
    expect((await meterUsage(server.services.billing, terminate)).charged).toBe(0);
    clock.advance(3 * 3600_000 + 60_000); // three more hours have started; the job missed them
    const [r1, r2] = await Promise.all([meterUsage(server.services.billing, terminate), meterUsage(server.services.billing, terminate)]);
    expect(r1.charged + r2.charged).toBe(3);
    expect((await balance(tokens.user)).balance_cents).toBe(before - 40);
    const tx = await call(server, b.transactions, { query: { limit: 2 } }, { token: tokens.user });
    expect(tx.transactions.map((t) => [t.kind, t.amount_cents])).toEqual([
      ['usage', -10],
      ['usage', -10],
    ]);
    expect(tx.next_cursor).not.toBeNull();
    const next = await call(server, b.transactions, { query: { limit: 2, cursor: tx.next_cursor ?? '' } }, { token: tokens.user });
    expect(next.transactions).toHaveLength(2);
    const spend = await call(server, b.dailySpend, {}, { token: tokens.user });
    expect(spend.days).toHaveLength(30);
    await api(server, `/api/deployments/${id}`, { method: 'DELETE', token: tokens.user });
    await server.services.tasks.drain();
  });

  it('keeps the ledger append-only and the balances equal to the sum of the ledger', async () => {
    const failure = (q: Promise<unknown>) =>
      q.then(
        () => 'no error',
        (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
      );
    expect(await failure(server.deps.db.execute(sql`update ledger_entries set amount_cents = 1`))).toMatch(/append-only/);
    expect(await failure(server.deps.db.execute(sql`delete from ledger_entries`))).toMatch(/append-only/);
    const [row] = await server.deps.db.select({ n: sql<string>`coalesce(sum(balance_cents), 0)` }).from(balances);
    expect(Number(row?.n)).toBe(await ledgerSum());
  });

  it('answers balance routes only to signed-in users', async () => {
    expect((await api(server, '/api/balance')).status).toBe(401);
    expect((await api(server, '/api/balance/transactions?cursor=bad', { token: tokens.user })).status).toBe(400);
  });
});
