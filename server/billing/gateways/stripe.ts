import Stripe from 'stripe';
import { cardPaymentMaxCents } from '../../../shared/api/billing';
import type { PaymentGateway } from './types';

export function stripeClient(o: { secretKey: string; apiUrl: string | undefined }): Stripe {
  const api = o.apiUrl ? new URL(o.apiUrl) : undefined;
  return new Stripe(o.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}

/** Stripe Checkout: one payment session per checkout, created with our id as idempotency key. */
export function stripeGateway(stripe: Stripe): PaymentGateway {
  return {
    name: 'stripe',
    // Stripe Checkout's largest amount per payment in USD: $999,999.99.
    maxAmountCents: cardPaymentMaxCents,
    async createSession(req) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: req.amountCents, product_data: { name: req.description } } }],
          client_reference_id: req.checkoutId,
          metadata: { checkout_id: req.checkoutId },
          customer_email: req.customerEmail,
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          expires_at: Math.floor(req.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: `checkout-${req.checkoutId}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { url: session.url, externalId: session.id };
    },
    async expireSession(externalId) {
      try {
        await stripe.checkout.sessions.expire(externalId);
      } catch (err) {
        // Only open sessions can be expired: one already paid or expired is left as it is (a payment is refunded when it arrives).
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw err;
      }
    },
    async refund(paymentRef, idempotencyKey) {
      const refund = await stripe.refunds.create({ payment_intent: paymentRef, reason: 'duplicate' }, { idempotencyKey });
      return refund.id;
    },
  };
}
