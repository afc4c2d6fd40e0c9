import Router from '@koa/router';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Logger } from 'pino';
import { billingContract } from '../../shared/api/billing';
import { badRequest } from '../http/errors';
import { registrar, type RouteContext } from '../http/register';
import type { AppState } from '../http/types';
import { closeCheckout, findCheckout, firstSighting, forgetEvent, fulfilCheckout, type CheckoutDeps } from './checkout';

/** Stripe signatures older than this are refused (replay protection). */
export const stripeToleranceSeconds = 300;

const launchpadCheckoutId = z.uuid();

/**
 * Our checkout id on a Stripe session, or undefined for sessions Launchpad did not create (the
 * Stripe account may be shared): those are acknowledged and ignored rather than failing the query.
 */
function checkoutIdOf(session: Stripe.Checkout.Session): string | undefined {
  const id = session.metadata?.checkout_id ?? session.client_reference_id;
  return launchpadCheckoutId.safeParse(id).success ? (id ?? undefined) : undefined;
}

/**
 * POST /api/webhooks/stripe: the signature is checked over the raw body; each event id is
 * handled once; a completed session is fulfilled through the same path as the local checkout.
 */
export function stripeWebhookRoutes(o: { stripe: Stripe; webhookSecret: string; checkout: CheckoutDeps; logger: Logger }): Router<AppState> {
  const router = new Router<AppState>();
  /** The body is read only through a valid signature over its raw bytes, never with the outline schema alone. */
  const signedEvent = (ctx: RouteContext): Stripe.Event => {
    const signature = ctx.get('Stripe-Signature');
    const raw = ctx.request.rawBody;
    if (!signature || typeof raw !== 'string') throw badRequest('Missing Stripe-Signature header or body');
    try {
      return o.stripe.webhooks.constructEvent(raw, signature, o.webhookSecret, stripeToleranceSeconds);
    } catch (err) {
      throw badRequest('Invalid Stripe signature', { reason: err instanceof Error ? err.message : String(err) });
    }
  };
  const register = registrar(router);
  register(
    billingContract.stripeWebhook,
    async ({ body: event }) => {
      const first = await firstSighting(o.checkout.db, 'stripe', event.id, event.type);
      const completion = event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded';
      // A completion is handled again even when its id was seen: fulfilment is idempotent, and a crash
      // between recording the id and crediting (kill -9) must not turn Stripe's retry into a lost payment.
      if (!first && !completion) return { received: true as const, duplicate: true };
      try {
        if (completion) {
          const session = event.data.object as Stripe.Checkout.Session;
          const checkoutId = checkoutIdOf(session);
          const paymentRef = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
          if (checkoutId && session.payment_status === 'paid' && (await findCheckout(o.checkout.db, checkoutId))) await fulfilCheckout(o.checkout, checkoutId, { paidAtGateway: true, paymentRef });
        } else if (event.type === 'checkout.session.expired') {
          const checkoutId = checkoutIdOf(event.data.object);
          if (checkoutId) await closeCheckout(o.checkout.db, checkoutId, 'expired');
        }
      } catch (err) {
        // Let Stripe retry: the event is forgotten so the retry is handled, and fulfilment is idempotent.
        await forgetEvent(o.checkout.db, event.id);
        o.logger.error({ err, eventId: event.id }, 'stripe webhook handling failed');
        throw err;
      }
      return first ? { received: true as const } : { received: true as const, duplicate: true };
    },
    { read: { body: signedEvent } },
  );
  return router;
}
