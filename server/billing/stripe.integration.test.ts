/**
 * Stripe Checkout end to end against a local fake of Stripe's API: Add Funds creates a Stripe
 * session, and signed webhooks (made with the SDK's test-header helper) credit the balance once,
 * however often and however concurrently Stripe delivers them. Bad, stale and missing signatures
 * are refused without touching money.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingContract as b } from '../../shared/api/billing';
import { checkoutSessions, ledgerEntries } from '../db/schema';
import { fakeStripeEnv, postWebhook, sessionEvent, signPayload, startFakeStripe, type FakeCheckoutSession, type FakeStripe } from '../../test/support/fake-stripe';
import { useTestServer } from '../../test/support/suite-server';
import { call } from '../../test/support/typed-client';
import { stripeToleranceSeconds } from './webhook-routes';

describe('Stripe Checkout and webhooks', () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(async () => stripe?.close());
  // registered after the fake's hooks: starts once the fake runs, and is cleaned up before it closes
  const { server, tokens } = useTestServer(() => fakeStripeEnv(stripe), { signIn: ['user'] });

  const balance = async () => (await call(server, b.balance, {}, { token: tokens.user })).balance_cents;
  const topups = async (checkoutId: string) => server.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, checkoutId));
  const sessionRow = async (checkoutId: string) => (await server.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkoutId)))[0];

  /** Add Funds through the API; answers the session the fake Stripe created. */
  async function startAddFunds(amount_cents = 5000): Promise<FakeCheckoutSession> {
    const { url } = await call(server, b.checkout, { body: { amount_cents } }, { token: tokens.user });
    const session = stripe.sessions.find((s) => s.url === url);
    if (!session) throw new Error(`no fake session for ${url}`);
    return session;
  }

  it('creates a Stripe Checkout session for Add Funds, with return URLs back to /balance', async () => {
    const session = await startAddFunds();
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(session.amountTotal).toBe(5000);
    expect(session.clientReferenceId).toBe(session.checkoutId);
    expect(session.successUrl).toBe(`${server.url}/balance?checkout=success`);
    expect(session.idempotencyKey).toBe(`checkout-${session.checkoutId}`);
    const row = await sessionRow(session.checkoutId);
    expect(row).toMatchObject({ gateway: 'stripe', externalId: session.id, status: 'open', amountCents: 5000 });
    // With Stripe configured, the local checkout page is not served.
    expect(await (await fetch(`${server.url}/checkout/${session.checkoutId}`)).text()).not.toContain('Launchpad checkout');
    expect((await fetch(`${server.url}/checkout/${session.checkoutId}/pay`, { method: 'POST', redirect: 'manual' })).status).not.toBe(302);
  });

  it('credits a correctly signed checkout.session.completed once, and a replay changes nothing', async () => {
    const session = await startAddFunds();
    const before = await balance();
    const payload = sessionEvent('checkout.session.completed', session);
    const first = await postWebhook(server.url, payload, signPayload(payload));
    expect(first.status).toBe(200);
    expect(await balance()).toBe(before + 5000);
    expect((await sessionRow(session.checkoutId))?.status).toBe('paid');

    const replay = await postWebhook(server.url, payload, signPayload(payload));
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ duplicate: true });
    expect(await balance()).toBe(before + 5000);
    expect(await topups(session.checkoutId)).toHaveLength(1);
  });

  it('credits once when the same event arrives five times at once', async () => {
    const session = await startAddFunds(2500);
    const before = await balance();
    const payload = sessionEvent('checkout.session.completed', session);
    const answers = await Promise.all(Array.from({ length: 5 }, () => postWebhook(server.url, payload, signPayload(payload))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await balance()).toBe(before + 2500);
    expect(await topups(session.checkoutId)).toHaveLength(1);
  });

  it('credits once when completed and async_payment_succeeded (different event ids) both arrive, even together', async () => {
    const session = await startAddFunds(1000);
    const before = await balance();
    const completed = sessionEvent('checkout.session.completed', session);
    const succeeded = sessionEvent('checkout.session.async_payment_succeeded', session);
    const answers = await Promise.all([completed, succeeded, completed, succeeded].map((p) => postWebhook(server.url, p, signPayload(p))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await balance()).toBe(before + 1000);
    expect(await topups(session.checkoutId)).toHaveLength(1);
  });

  it('refuses a bad signature with 400 and credits nothing', async () => {
    const session = await startAddFunds();
    const before = await balance();
    const payload = sessionEvent('checkout.session.completed', session);
    const wrongSecret = await postWebhook(server.url, payload, signPayload(payload, { secret: 'whsec_not_ours' }));
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body).toMatchObject({ error: 'Invalid Stripe signature' });
    // A correct signature over a different body: the amount or the session was tampered with.
    const tampered = await postWebhook(server.url, payload.replace('"paid"', '"paid" '), signPayload(payload));
    expect(tampered.status).toBe(400);
    expect(await balance()).toBe(before);
    expect((await sessionRow(session.checkoutId))?.status).toBe('open');
    // The refused deliveries did not use up the event id: a good one afterwards is handled.
    expect((await postWebhook(server.url, payload, signPayload(payload))).status).toBe(200);
    expect(await balance()).toBe(before + 5000);
  });

  it('refuses a signature older than the tolerance with 400', async () => {
    const session = await startAddFunds();
    const before = await balance();
    const payload = sessionEvent('checkout.session.completed', session);
    const stale = Math.floor(Date.now() / 1000) - stripeToleranceSeconds - 5;
    const res = await postWebhook(server.url, payload, signPayload(payload, { timestamp: stale }));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/tolerance/i);
    expect(await balance()).toBe(before);
  });

  it('refuses a missing signature header with 400', async () => {
    const session = await startAddFunds();
    const before = await balance();
    const res = await postWebhook(server.url, sessionEvent('checkout.session.completed', session), undefined);
    expect(res.status).toBe(400);
    expect(await balance()).toBe(before);
  });

  it('marks the session expired on checkout.session.expired', async () => {
    const session = await startAddFunds();
    const before = await balance();
    const expired = sessionEvent('checkout.session.expired', session);
    expect((await postWebhook(server.url, expired, signPayload(expired))).status).toBe(200);
    expect((await sessionRow(session.checkoutId))?.status).toBe('expired');
    expect(await balance()).toBe(before);
    // Should Stripe still report the money taken, the payment is credited (once), not kept.
    const completed = sessionEvent('checkout.session.completed', session);
    expect((await postWebhook(server.url, completed, signPayload(completed))).status).toBe(200);
    expect((await sessionRow(session.checkoutId))?.status).toBe('paid');
    expect(await balance()).toBe(before + 5000);
  });

  it('acknowledges events about sessions it does not know, and other event types, without crediting', async () => {
    const before = await balance();
    const foreign = sessionEvent('checkout.session.completed', { id: 'cs_test_foreign', checkoutId: 'not-a-launchpad-id', amountTotal: 999 });
    expect((await postWebhook(server.url, foreign, signPayload(foreign))).status).toBe(200);
    const unknownUuid = sessionEvent('checkout.session.completed', { id: 'cs_test_unknown', checkoutId: '00000000-0000-4000-8000-000000000000', amountTotal: 999 });
    expect((await postWebhook(server.url, unknownUuid, signPayload(unknownUuid))).status).toBe(200);
    const other = JSON.stringify({ id: 'evt_other_1', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
    expect((await postWebhook(server.url, other, signPayload(other))).status).toBe(200);
    expect(await balance()).toBe(before);
  });
});
