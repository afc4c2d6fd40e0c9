export interface CheckoutRequest {
  checkoutId: string;
  amountCents: number;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

/** Where a payment is taken: Launchpad's own local checkout page, or Stripe Checkout. */
export interface PaymentGateway {
  readonly name: 'local' | 'stripe';
  createSession(req: CheckoutRequest): Promise<{ url: string; externalId: string }>;
}
