import type { PaymentGateway } from './types';

/**
 * The embedded default: the checkout page is served by Launchpad itself at /checkout/{id}. Nothing
 * is charged there, so there is nothing to expire at a provider or to refund: a payment that
 * would not be kept is refused on the page instead.
 */
export function localGateway(publicUrl: string, maxAmountCents: number): PaymentGateway {
  return {
    name: 'local',
    maxAmountCents,
    async createSession(req) {
      // The one-time grant goes only to the signed-in owner, in the answer to their API call.
      return { url: `${publicUrl}/checkout/${req.checkoutId}?grant=${req.ownerToken}`, externalId: req.checkoutId };
    },
    async expireSession() {
      // the session row's status is what the local page checks
    },
    async refund() {
      throw new Error('the local checkout takes no money, so it refunds none');
    },
  };
}
