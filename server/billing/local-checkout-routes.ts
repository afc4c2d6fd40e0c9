import Router from '@koa/router';
import type { Middleware } from 'koa';
import { checkoutSessionParam, formatCents } from '../../shared/api/billing';
import { HttpError, notFound } from '../http/errors';
import type { AppState } from '../http/types';
import { parse } from '../http/validate';
import { closeCheckout, findCheckout, fulfilCheckout, type CheckoutDeps } from './checkout';

const back: Record<string, string> = { balance: '/balance', license: '/licenses' };

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;background:#0f172a;color:#e2e8f0;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}
main{background:#1e293b;padding:2rem;border-radius:12px;width:min(380px,90vw)}h1{font-size:1.2rem;margin:0 0 .5rem}.amount{font-size:2.2rem;font-weight:700;margin:1rem 0}
.note{color:#94a3b8;font-size:.9rem}form{display:inline}button{padding:.7rem 1.2rem;border:0;border-radius:6px;font-weight:600;cursor:pointer;margin-right:.5rem}
.pay{background:#22c55e;color:#052e16}.cancel{background:#334155;color:#e2e8f0}</style></head><body><main>${body}</main></body></html>`;

/**
 * The embedded checkout page (no payment provider configured): shows the amount with Pay and
 * Cancel, and completes through the same fulfilment function as the Stripe webhook.
 */
export function localCheckoutRoutes(checkout: CheckoutDeps, limited: Middleware<AppState> = (_ctx, next) => next()): Router<AppState> {
  const router = new Router<AppState>();

  router.get('checkout.local.page', '/checkout/:id', async (ctx) => {
    const { id } = parse(checkoutSessionParam, ctx.params, 'checkout');
    const c = await findCheckout(checkout.db, id);
    if (!c || c.gateway !== 'local') throw notFound('Checkout session not found');
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'html';
    const expired = c.status === 'open' && c.expiresAt < checkout.clock.now();
    if (c.status !== 'open' || expired) {
      ctx.body = page('Checkout', `<h1>This checkout is ${expired ? 'expired' : c.status}</h1><p><a style="color:#a5b4fc" href="${back[c.purpose] ?? '/'}">Back to Launchpad</a></p>`);
      return;
    }
    ctx.body = page(
      'Launchpad checkout',
      `<h1>Launchpad checkout</h1><p class="note">${c.purpose === 'balance' ? 'Add funds to your on-demand balance' : 'License payment'}</p>
<div class="amount" data-testid="checkout-amount">${formatCents(c.amountCents)}</div>
<p class="note">Local test checkout: no card is charged. Configure Stripe keys to take real payments.</p>
<form method="post" action="/checkout/${c.id}/pay"><button class="pay" type="submit">Pay ${formatCents(c.amountCents)}</button></form>
<form method="post" action="/checkout/${c.id}/cancel"><button class="cancel" type="submit">Cancel</button></form>`,
    );
  });

  router.post('checkout.local.pay', '/checkout/:id/pay', limited, async (ctx) => {
    const { id } = parse(checkoutSessionParam, ctx.params, 'checkout');
    const c = await findCheckout(checkout.db, id);
    if (!c || c.gateway !== 'local') throw notFound('Checkout session not found');
    if (c.status === 'open' && c.expiresAt < checkout.clock.now()) {
      await closeCheckout(checkout.db, id, 'expired');
      throw new HttpError(410, 'This checkout session has expired');
    }
    await fulfilCheckout(checkout, id);
    ctx.redirect(`${back[c.purpose] ?? '/'}?checkout=success`);
  });

  router.post('checkout.local.cancel', '/checkout/:id/cancel', limited, async (ctx) => {
    const { id } = parse(checkoutSessionParam, ctx.params, 'checkout');
    const c = await findCheckout(checkout.db, id);
    if (!c || c.gateway !== 'local') throw notFound('Checkout session not found');
    await closeCheckout(checkout.db, id, 'cancelled');
    ctx.redirect(`${back[c.purpose] ?? '/'}?checkout=cancelled`);
  });

  return router;
}
