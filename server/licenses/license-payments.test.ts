/**
 * Licence payments that cannot be gamed (issue 18), against the local Stripe fake, on the in-memory
 * database and on PostgreSQL: a checkout freezes the limits, support level and amount it sells;
 * a new checkout expires the earlier open ones (at Stripe too); the first payment activates the
 * licence with exactly what it paid for, and every further payment is refunded at Stripe and
 * recorded, however the payments, replays and checkouts interleave. Amounts past Stripe's maximum
 * answer 422 and point to bank transfer; nothing overflows.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licensesContract as c } from '../../shared/api/licenses';
import { verifyLicenseKey } from '../../shared/licenses/key';
import { quoteEnterprise } from '../../shared/licenses/pricing';
import { ledgerInvariant } from '../../test/support/ledger-invariant';
import { openLocalCheckout } from '../../test/support/local-checkout';
import { checkoutSessions, licenses } from '../db/schema';
import { fakeStripeEnv, postWebhook, sessionEvent, signPayload, startFakeStripe, type FakeCheckoutSession, type FakeStripe } from '../../test/support/fake-stripe';
import { api } from '../../test/support/api-client';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../test/support/postgres';
import { signInDefaultUsers } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';
import { call, send } from '../../test/support/typed-client';
import { useTestServer } from '../../test/support/suite-server';

const pgAvailable = await postgresAvailable();
const rounds = 3;
const parallel = 6;

type Terms = { users_limit: number; gpus_limit: number; support_level: 'none' | 'email' | 'premium' };

const targets = [
  ['in-memory database (PGlite)', false],
  [pgAvailable ? 'PostgreSQL' : `PostgreSQL ${postgresSkipNote}`, true],
] as const;

describe.each(targets)('licence payments through Stripe on the %s', (name, usePostgres) => {
  const skip = usePostgres && !pgAvailable;
  let pgdb: TestPostgresDatabase | undefined;
  let stripe: FakeStripe;
  let server: TestServer;
  let tokens: { user: string; other: string; admin: string };
  let publicKey: string;

  beforeAll(async () => {
    if (skip) return;
    pgdb = usePostgres ? await createPostgresDatabase() : undefined;
    stripe = await startFakeStripe();
    server = await startTestServer({ ...fakeStripeEnv(stripe), ...(pgdb ? { DATABASE_URL: pgdb.url } : {}) });
    tokens = await signInDefaultUsers(server);
    publicKey = String((await api(server, '/api/licenses/public-key')).body);
  }, 60_000);
  afterAll(async () => {
    await server?.cleanup();
    await stripe?.close();
    await pgdb?.drop();
  }, 60_000);

  const newLicense = async (org: string) => (await call(server, c.create, { body: { type: 'enterprise', organization_name: org } }, { token: tokens.user })).id;
  const startCard = (license_id: string, terms: Terms) => send(server, c.checkout, { body: { license_id, ...terms } }, { token: tokens.user });
  const urlOf = (res: { body: unknown }) => c.checkout.responses[200].schema.parse(res.body).checkout_url;
  const sessionOf = (checkoutUrl: string): FakeCheckoutSession => {
    const s = stripe.sessions.find((x) => x.url === checkoutUrl);
    if (!s) throw new Error(`no fake session for ${checkoutUrl}`);
    return s;
  };
  const pay = async (s: FakeCheckoutSession, eventId?: string) => {
    const payload = sessionEvent('checkout.session.completed', s, eventId);
    return postWebhook(server.url, payload, signPayload(payload));
  };
  const licenseRow = async (id: string) => (await server.deps.db.select().from(licenses).where(eq(licenses.id, id)))[0];
  const checkoutRows = (licenseId: string) => server.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.reference, licenseId));

  it.skipIf(skip)('activates with the terms of the checkout that was paid, expires the earlier one at Stripe, and refunds a second payment', async () => {
    const id = await newLicense('Issue 18 Ltd');
    const small = await startCard(id, { users_limit: 10, gpus_limit: 0, support_level: 'none' });
    const a = sessionOf(urlOf(small));
    expect(a.amountTotal).toBe(1_200_000);
    const big = await startCard(id, { users_limit: 100, gpus_limit: 20, support_level: 'premium' });
    const b = sessionOf(urlOf(big));
    expect(b.amountTotal).toBe(31_200_000);
    // Starting the second closed the first, here and at Stripe.
    expect(stripe.requests).toContain(`POST /v1/checkout/sessions/${a.id}/expire`);
    expect(a.status).toBe('expired');
    expect((await checkoutRows(id)).find((r) => r.externalId === a.id)?.status).toBe('expired');

    // The first one's payment was under way and arrives anyway: it buys what it said, 10 users.
    expect((await pay(a)).status).toBe(200);
    const active = await licenseRow(id);
    expect(active).toMatchObject({ status: 'active', paymentStatus: 'paid', usersLimit: 10, gpusLimit: 0, supportLevel: 'none' });
    const check = await verifyLicenseKey(active?.licenseKey ?? '', publicKey);
    expect(check.ok && check.data.limits).toEqual({ users: 10, machines: 0 });

    // Paying the second too: refunded at Stripe and recorded; the licence and its key are untouched.
    expect((await pay(b)).status).toBe(200);
    expect(stripe.refunds.map((r) => r.paymentIntent)).toEqual([b.paymentIntent]);
    const bRow = (await checkoutRows(id)).find((r) => r.externalId === b.id);
    expect(bRow).toMatchObject({ status: 'refunded', paymentRef: b.paymentIntent, refundRef: stripe.refunds[0]?.id });
    expect((await licenseRow(id))?.licenseKey).toBe(active?.licenseKey);
    // A replay of either payment changes nothing and refunds nothing more.
    expect((await pay(b)).status).toBe(200);
    expect((await pay(a)).status).toBe(200);
    expect(stripe.refunds).toHaveLength(1);

    // Editing the limits of the active licence through a new checkout is refused: no new key without a new payment.
    const again = await startCard(id, { users_limit: 1000, gpus_limit: 0, support_level: 'none' });
    expect(again.status).toBe(400);
    expect((await licenseRow(id))?.licenseKey).toBe(active?.licenseKey);
  });

  it.skipIf(skip)(
    `parallel checkouts, payments and replays of one licence: one activation with the paid terms, every other payment refunded (${rounds} rounds)`,
    async () => {
      const outcomes: string[] = [];
      for (let round = 0; round < rounds; round++) {
        const id = await newLicense(`Race ${round}`);
        const refundsBefore = stripe.refunds.length;
        const terms = Array.from({ length: parallel }, (_, i): Terms => ({ users_limit: 10 + 10 * i, gpus_limit: i, support_level: i % 2 ? 'email' : 'none' }));
        const started = await Promise.all(terms.map((t) => startCard(id, t)));
        expect(started.map((s) => s.status)).toEqual(Array(parallel).fill(200));
        const sessions = started.map((s) => sessionOf(urlOf(s)));
        // Whatever the interleaving, exactly one checkout is left open, here and at Stripe.
        const rows = await checkoutRows(id);
        expect(rows.filter((r) => r.status === 'open')).toHaveLength(1);
        expect(sessions.filter((s) => s.status === 'open')).toHaveLength(1);
        for (const r of rows) {
          const t = terms.find(
            (x) => quoteEnterprise({ users: x.users_limit, gpus: x.gpus_limit, support: x.support_level as 'none' }).annualCents === r.amountCents && x.users_limit === r.usersLimit,
          );
          expect(t, 'each session keeps the terms it was started with').toBeDefined();
        }

        // Every session's payment arrives (the closed ones had payments under way), each twice, all at once.
        const eventIds = sessions.map((_, i) => `evt_race_${name.length}_${round}_${i}`);
        const answers = await Promise.all([...sessions.map((s, i) => pay(s, eventIds[i])), ...sessions.map((s, i) => pay(s, eventIds[i]))]);
        expect(answers.map((a) => a.status)).toEqual(Array(parallel * 2).fill(200));

        const after = await checkoutRows(id);
        const paid = after.filter((r) => r.status === 'paid');
        const refunded = after.filter((r) => r.status === 'refunded');
        expect(paid).toHaveLength(1);
        expect(refunded).toHaveLength(parallel - 1);
        const newRefunds = stripe.refunds.slice(refundsBefore);
        expect(newRefunds).toHaveLength(parallel - 1);
        expect(new Set(newRefunds.map((r) => r.paymentIntent))).toEqual(new Set(refunded.map((r) => r.paymentRef)));
        const lic = await licenseRow(id);
        expect(lic).toMatchObject({ status: 'active', paymentStatus: 'paid', usersLimit: paid[0]?.usersLimit, gpusLimit: paid[0]?.gpusLimit, supportLevel: paid[0]?.supportLevel });
        const check = await verifyLicenseKey(lic?.licenseKey ?? '', publicKey);
        expect(check.ok && check.data.limits).toEqual({ users: paid[0]?.usersLimit, machines: paid[0]?.gpusLimit });
        outcomes.push(
          `round ${round + 1}: ${parallel} checkouts → ${rows.filter((r) => r.status === 'open').length} open; ${parallel * 2} deliveries → ${paid.length} activation (${paid[0]?.usersLimit} users), ${refunded.length} refunded`,
        );
      }
      expect(await ledgerInvariant(server.deps.db)).toMatchObject({ mismatches: 0, negative: 0 });
      console.log(`licence payment race (${name}):\n  ${outcomes.join('\n  ')}`);
    },
    120_000,
  );

  it.skipIf(skip)('refuses a card payment above Stripe’s maximum with 422 pointing to bank transfer, and an overflowing users_limit with 400; nothing is saved', async () => {
    const id = await newLicense('Big Corp');
    const before = await licenseRow(id);
    const issue = await startCard(id, { users_limit: 1000, gpus_limit: 500, support_level: 'premium' });
    expect(issue.status).toBe(422);
    expect(issue.body).toEqual({
      error: '$3,120,000.00 is more than a card payment can be (at most $999,999.99): please pay by bank transfer',
      details: { amount_cents: 312_000_000, max_card_cents: 99_999_999, payment_methods: ['bank_transfer'] },
    });
    // Once overflowing the amount column with a 500: now a 422 too.
    const wide = await startCard(id, { users_limit: 17_891, gpus_limit: 0, support_level: 'none' });
    expect(wide.status).toBe(422);
    expect(wide.body).toMatchObject({ error: expect.stringContaining('bank transfer'), details: { amount_cents: 2_148_000_000 } });
    const huge = await startCard(id, { users_limit: 100_001, gpus_limit: 0, support_level: 'none' });
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({ error: expect.any(String), details: expect.anything() });
    expect(await licenseRow(id)).toEqual(before);
    expect(await checkoutRows(id)).toHaveLength(0);
    // The largest licence still prices exactly (bigint cents, below 2^53).
    expect(quoteEnterprise({ users: 100_000, gpus: 10_000, support: 'premium' }).annualCents).toBe(15_612_000_000);
  });

  it.skipIf(skip)('refunds a card payment for a licence an admin marked paid by bank transfer, and closes its open checkout', async () => {
    const id = await newLicense('Wire First');
    const started = await startCard(id, { users_limit: 20, gpus_limit: 1, support_level: 'none' });
    const s = sessionOf(urlOf(started));
    expect((await api(server, `/api/admin/licenses/${id}/mark-paid`, { method: 'POST', token: tokens.admin })).status).toBe(200);
    expect(s.status).toBe('expired');
    const before = stripe.refunds.length;
    expect((await pay(s)).status).toBe(200);
    expect(stripe.refunds.slice(before).map((r) => r.paymentIntent)).toEqual([s.paymentIntent]);
    expect((await checkoutRows(id))[0]?.status).toBe('refunded');
  });
});

describe('licence payments through the local checkout (no Stripe), with LOCAL_CHECKOUT_MAX_CENTS', () => {
  const { server, tokens } = useTestServer({ LOCAL_CHECKOUT_MAX_CENTS: '3000000' }, { signIn: 'all', timeout: 60_000 });

  const newLicense = async () => (await call(server, c.create, { body: { type: 'enterprise', organization_name: 'Local Co' } }, { token: tokens.user })).id;
  const startCard = (license_id: string, users_limit: number) => send(server, c.checkout, { body: { license_id, users_limit } }, { token: tokens.user });
  const urlOf = (res: { body: unknown }) => c.checkout.responses[200].schema.parse(res.body).checkout_url;

  it('closes the earlier checkout when a new one starts: the old page refuses to pay, the new one activates with its own terms', async () => {
    const id = await newLicense();
    const first = await openLocalCheckout(urlOf(await startCard(id, 10)));
    const second = await openLocalCheckout(urlOf(await startCard(id, 20)));
    expect(second.html).toContain('$24,000.00');
    const stale = await first.post('pay');
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: 'This checkout session is expired' });
    expect((await second.post('pay')).status).toBe(302);
    const lic = (await call(server, c.list, {}, { token: tokens.user })).find((l) => l.id === id);
    expect(lic).toMatchObject({ status: 'active', users_limit: 20 });
  });

  it('refuses a local payment for a licence paid since (bank transfer): nothing is taken', async () => {
    const id = await newLicense();
    const page = await openLocalCheckout(urlOf(await startCard(id, 10)));
    // Paid by bank transfer meanwhile, but this checkout row is reopened as if the close had been lost.
    expect((await api(server, `/api/admin/licenses/${id}/mark-paid`, { method: 'POST', token: tokens.admin })).status).toBe(200);
    await server.deps.db.update(checkoutSessions).set({ status: 'open' }).where(eq(checkoutSessions.reference, id));
    const res = await page.post('pay');
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'This license is paid already: nothing was charged' });
    expect((await server.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.reference, id)))[0]?.status).toBe('cancelled');
  });

  it('offers bank transfer only above the configured local maximum', async () => {
    const id = await newLicense();
    const res = await startCard(id, 30);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: '$36,000.00 is more than a card payment can be (at most $30,000.00): please pay by bank transfer', details: { payment_methods: ['bank_transfer'] } });
  });
});
