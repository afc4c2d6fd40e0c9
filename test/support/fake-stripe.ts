/**
 * A tiny local stand-in for the Stripe calls Launchpad makes (form-encoded, as the SDK sends them):
 * `POST /v1/checkout/sessions`, `POST /v1/checkout/sessions/{id}/expire` (only an open session can
 * be expired) and `POST /v1/refunds` with `payment_intent` (a payment is refunded once; the same
 * idempotency key answers the same refund), so tests and the bench can run Stripe Checkout end to
 * end without the network. Webhooks are then signed with the SDK's own test-header helper.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeCheckoutSession {
  id: string;
  url: string;
  /** Launchpad's checkout id, from metadata[checkout_id] */
  checkoutId: string;
  clientReferenceId: string | undefined;
  amountTotal: number;
  successUrl: string | undefined;
  idempotencyKey: string | undefined;
  /** the payment the session takes when paid (what a refund names) */
  paymentIntent: string;
  status: 'open' | 'complete' | 'expired';
}

export interface FakeRefund {
  id: string;
  paymentIntent: string;
  amount: number;
  idempotencyKey: string | undefined;
}

export interface FakeStripe {
  url: string;
  sessions: FakeCheckoutSession[];
  refunds: FakeRefund[];
  /** requests seen, by method and path */
  requests: string[];
  close(): Promise<void>;
}

export const fakeStripeSecretKey = 'sk_test_x';
export const fakeStripeWebhookSecret = 'whsec_x';

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions: FakeCheckoutSession[] = [];
  const refunds: FakeRefund[] = [];
  const byIdempotencyKey = new Map<string, FakeCheckoutSession>();
  const sessionJson = (session: FakeCheckoutSession, form?: URLSearchParams) => ({
    id: session.id,
    object: 'checkout.session',
    url: session.status === 'open' ? session.url : null,
    mode: 'payment',
    status: session.status,
    payment_status: session.status === 'complete' ? 'paid' : 'unpaid',
    payment_intent: session.status === 'complete' ? session.paymentIntent : null,
    amount_total: session.amountTotal,
    currency: 'usd',
    client_reference_id: session.clientReferenceId ?? null,
    metadata: { checkout_id: session.checkoutId },
    customer_email: form?.get('customer_email') ?? null,
    success_url: session.successUrl ?? null,
    cancel_url: form?.get('cancel_url') ?? null,
    expires_at: Number(form?.get('expires_at') ?? 0),
    livemode: false,
  });
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push(`${req.method} ${req.url}`);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        res.end(JSON.stringify(body));
      };
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(req.url ?? '');
      const known = req.method === 'POST' && (req.url === '/v1/checkout/sessions' || req.url === '/v1/refunds' || expire);
      if (!known) return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } });
      if (req.headers.authorization !== `Bearer ${fakeStripeSecretKey}`) return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      if (expire) {
        const session = sessions.find((x) => x.id === expire[1]);
        if (!session) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${expire[1]}'` } });
        if (session.status !== 'open')
          return send(400, {
            error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status of open can be expired. This Checkout Session has a status of ${session.status}.` },
          });
        session.status = 'expired';
        return send(200, sessionJson(session));
      }
      if (req.url === '/v1/refunds') {
        const again = refunds.find((r) => idempotencyKey !== undefined && r.idempotencyKey === idempotencyKey);
        if (again) return send(200, { id: again.id, object: 'refund', amount: again.amount, payment_intent: again.paymentIntent, status: 'succeeded' });
        const paymentIntent = form.get('payment_intent') ?? '';
        const paid = sessions.find((x) => x.paymentIntent === paymentIntent && x.status === 'complete');
        if (!paid) return send(400, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${paymentIntent}'` } });
        if (refunds.some((r) => r.paymentIntent === paymentIntent))
          return send(400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge for ${paymentIntent} has already been refunded.` } });
        const refund: FakeRefund = { id: `re_${randomBytes(12).toString('hex')}`, paymentIntent, amount: paid.amountTotal, idempotencyKey };
        refunds.push(refund);
        return send(200, { id: refund.id, object: 'refund', amount: refund.amount, payment_intent: paymentIntent, status: 'succeeded' });
      }
      let session = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (!session) {
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        session = {
          id,
          url: `https://checkout.stripe.test/c/pay/${id}`,
          checkoutId: form.get('metadata[checkout_id]') ?? '',
          clientReferenceId: form.get('client_reference_id') ?? undefined,
          amountTotal: Number(form.get('line_items[0][price_data][unit_amount]') ?? 0),
          successUrl: form.get('success_url') ?? undefined,
          idempotencyKey,
          paymentIntent: `pi_${randomBytes(12).toString('hex')}`,
          status: 'open',
        };
        sessions.push(session);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
      }
      send(200, sessionJson(session, form));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    refunds,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The environment that points Launchpad's Stripe gateway at the fake. */
export function fakeStripeEnv(fake: FakeStripe): Record<string, string> {
  return { STRIPE_SECRET_KEY: fakeStripeSecretKey, STRIPE_WEBHOOK_SECRET: fakeStripeWebhookSecret, STRIPE_API_URL: fake.url };
}

type SessionEventType = 'checkout.session.completed' | 'checkout.session.async_payment_succeeded' | 'checkout.session.expired';

/**
 * A Stripe event about one checkout session, as Stripe would post it. A completion of a session the
 * fake made marks it paid there (so it can be refunded), as the customer paying at Stripe would.
 */
export function sessionEvent(
  type: SessionEventType,
  session: Pick<FakeCheckoutSession, 'id' | 'checkoutId' | 'amountTotal'> & Partial<Pick<FakeCheckoutSession, 'paymentIntent' | 'status'>>,
  eventId = `evt_${randomBytes(12).toString('hex')}`,
): string {
  const paid = type !== 'checkout.session.expired';
  if ('status' in session && session.status !== undefined) (session as FakeCheckoutSession).status = paid ? 'complete' : 'expired';
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        client_reference_id: session.checkoutId,
        metadata: { checkout_id: session.checkoutId },
        amount_total: session.amountTotal,
        currency: 'usd',
        status: paid ? 'complete' : 'expired',
        payment_status: paid ? 'paid' : 'unpaid',
        payment_intent: paid ? (session.paymentIntent ?? null) : null,
      },
    },
  });
}

const signer = new Stripe(fakeStripeSecretKey);

/** The Stripe-Signature header for a payload, made by the SDK's own helper; `timestamp` in seconds. */
export function signPayload(payload: string, opts: { secret?: string; timestamp?: number } = {}): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? fakeStripeWebhookSecret, ...(opts.timestamp ? { timestamp: opts.timestamp } : {}) });
}

/** Posts a webhook the way Stripe does: JSON body, signature header. */
export async function postWebhook(baseUrl: string, payload: string, signature: string | undefined): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' };
  if (signature !== undefined) headers['stripe-signature'] = signature;
  const res = await fetch(`${baseUrl}/api/webhooks/stripe`, { method: 'POST', headers, body: payload });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: res.status, body };
}
