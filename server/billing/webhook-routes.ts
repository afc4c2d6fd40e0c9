import Router from '@koa/router';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Logger } from 'pino';
import { badRequest } from '../http/errors';
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
  router.post('webhooks.stripe', '/webhooks/stripe', async (ctx) => {
    const signature = ctx.get('Stripe-Signature');
    const raw = ctx.request.rawBody;
    if (!signature || typeof raw !== 'string') throw badRequest('Missing Stripe-Signature header or body');
    let event: Stripe.Event;
    try {
      event = o.stripe.webhooks.constructEvent(raw, signature, o.webhookSecret, stripeToleranceSeconds);
    } catch (err) {
      throw badRequest('Invalid Stripe signature', { reason: err instanceof Error ? err.message : String(err) });
    }
    const first = await firstSighting(o.checkout.db, 'stripe', event.id, event.type);
    const completion = event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded';
    // A completion is handled again even when its id was seen: fulfilment is idempotent, and a crash
    // between recording the id and crediting (kill -9) must not turn Stripe's retry into a lost payment.
    if (!first && !completion) {
      ctx.body = { received: true, duplicate: true };
      return;
    }
    try {
      if (completion) {
        const session = event.data.object as Stripe.Checkout.Session;
        const checkoutId = checkoutIdOf(session);
        if (checkoutId && session.payment_status === 'paid' && (await findCheckout(o.checkout.db, checkoutId))) await fulfilCheckout(o.checkout, checkoutId, { paidAtGateway: true });
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
    ctx.body = first ? { received: true } : { received: true, duplicate: true };
  });
  return router;
}
