export interface CheckoutRequest {
  checkoutId: string;
  amountCents: number;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** the secret only the paying user's browser gets (the local checkout's owner grant) */
  ownerToken: string;
}

/** Where a payment is taken: Launchpad's own local checkout page, or Stripe Checkout. */
export interface PaymentGateway {
  readonly name: 'local' | 'stripe';
  /** the largest amount one payment may have (Stripe Checkout: $999,999.99); larger quotes are paid by bank transfer */
  readonly maxAmountCents: number;
  createSession(req: CheckoutRequest): Promise<{ url: string; externalId: string }>;
  /** closes a session so it can no longer be paid; a session that is no longer open is left as it is */
  expireSession(externalId: string): Promise<void>;
  /** sends a whole payment back; the idempotency key makes a retry refund once; answers the refund's id */
  refund(paymentRef: string, idempotencyKey: string): Promise<string>;
}
