/**
 * A tiny local stand-in for the one Stripe call Launchpad makes, `POST /v1/checkout/sessions`
 * (form-encoded, as the SDK sends it), so tests and the bench can run Stripe Checkout end to end
 * without the network. Webhooks are then signed with the SDK's own test-header helper.
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
}

export interface FakeStripe {
  url: string;
  sessions: FakeCheckoutSession[];
  /** requests seen, by method and path */
  requests: string[];
  close(): Promise<void>;
}

export const fakeStripeSecretKey = 'sk_test_x';
export const fakeStripeWebhookSecret = 'whsec_x';

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions: FakeCheckoutSession[] = [];
  const byIdempotencyKey = new Map<string, FakeCheckoutSession>();
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
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } });
      if (req.headers.authorization !== `Bearer ${fakeStripeSecretKey}`) return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      let session = known;
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
        };
        sessions.push(session);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
      }
      send(200, {
        id: session.id,
        object: 'checkout.session',
        url: session.url,
        mode: form.get('mode'),
        status: 'open',
        payment_status: 'unpaid',
        amount_total: session.amountTotal,
        currency: 'usd',
        client_reference_id: session.clientReferenceId ?? null,
        metadata: { checkout_id: session.checkoutId },
        customer_email: form.get('customer_email'),
        success_url: session.successUrl ?? null,
        cancel_url: form.get('cancel_url'),
        expires_at: Number(form.get('expires_at') ?? 0),
        livemode: false,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
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

/** A Stripe event about one checkout session, as Stripe would post it. */
export function sessionEvent(type: SessionEventType, session: Pick<FakeCheckoutSession, 'id' | 'checkoutId' | 'amountTotal'>, eventId = `evt_${randomBytes(12).toString('hex')}`): string {
  const paid = type !== 'checkout.session.expired';
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
