import type { PaymentGateway } from './types';

/** The embedded default: the checkout page is served by Launchpad itself at /checkout/{id}. */
export function localGateway(publicUrl: string): PaymentGateway {
  return {
    name: 'local',
    async createSession(req) {
      return { url: `${publicUrl}/checkout/${req.checkoutId}`, externalId: req.checkoutId };
    },
  };
}
