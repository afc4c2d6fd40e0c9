import { createHmac, timingSafeEqual } from 'node:crypto';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import { and, eq } from 'drizzle-orm';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { billingContract as bc, formatCents } from '../../shared/api/billing';
import { HttpError, notFound } from '../http/errors';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import { parse } from '../http/validate';
import { checkoutSessions } from '../db/schema';
import { closeCheckout, findCheckout, fulfilCheckout, isPurpose, newOwnerToken, returnPath, returnScreen, sessionLifetimeMs, tokenHash, type CheckoutDeps, type CheckoutRow } from './checkout';
import { appPath } from '../../shared/routes/app-paths';
import { escapeHtml } from '../../shared/marketing/roi-report';
import { accountLabel } from '../../shared/teams/account-label';
import { teamOfAccount } from '../teams/lookup';

/** The screen a checkout returns to (the landing page for a purpose this version does not know). */
const back = (c: CheckoutRow): string => (isPurpose(c.purpose) ? appPath(returnScreen[c.purpose]) : appPath('landing'));
const purposeLabel: Record<string, string> = { balance: 'Add funds to the on-demand balance', license: 'License payment', license_renewal: 'License renewal' };
const backAfter = (c: CheckoutRow, outcome: 'success' | 'cancelled'): string => (isPurpose(c.purpose) ? returnPath(c.purpose, outcome) : appPath('landing'));

const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;background:#0f172a;color:#e2e8f0;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}
main{background:#1e293b;padding:2rem;border-radius:12px;width:min(380px,90vw)}h1{font-size:1.2rem;margin:0 0 .5rem}.amount{font-size:2.2rem;font-weight:700;margin:1rem 0}
.note{color:#94a3b8;font-size:.9rem}form{display:inline}button{padding:.7rem 1.2rem;border:0;border-radius:6px;font-weight:600;cursor:pointer;margin-right:.5rem}
.pay{background:#22c55e;color:#052e16}.cancel{background:#334155;color:#e2e8f0}</style></head><body><main>${body}</main></body></html>`;

const cookieName = 'lp_checkout';
const checkoutForm = z.object({ csrf: z.string().max(200).optional() });

/** The form token: derived from the owner's cookie secret, so a page from another origin cannot know it. */
const csrfToken = (secret: string, checkoutId: string) => createHmac('sha256', secret).update(`csrf:${checkoutId}`).digest('base64url');

const safeEqual = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The embedded checkout page (no payment provider configured): shows the amount with Pay and
 * Cancel, and completes through the same fulfilment function as the Stripe webhook.
 *
 * Only the signed-in owner can pay or cancel. The page's address comes back from the owner's
 * authenticated `POST /api/balance/checkout` (or licence checkout) with a one-time grant; opening
 * it exchanges the grant for an HttpOnly, SameSite=Strict cookie scoped to this checkout (a fresh
 * secret: the grant in the address is then spent) and redirects to the plain address. Pay and Cancel
 * need that cookie, the form token derived from it, and no foreign `Origin`: a page on another site
 * can neither send the cookie nor know the token.
 */
export function localCheckoutRoutes(checkout: CheckoutDeps, limited: Middleware<AppState> = (_ctx, next) => next()): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router, '');
  const origin = new URL(checkout.publicUrl).origin;
  const secure = origin.startsWith('https:');
  const form = bodyParser({ enableTypes: ['form'], formLimit: '2kb', encoding: 'utf-8' });

  /** The owner's cookie secret when this request carries the right one. */
  const ownerSecret = (ctx: Context, c: CheckoutRow): string | undefined => {
    const secret = ctx.cookies.get(cookieName);
    return secret && c.ownerTokenHash && safeEqual(tokenHash(secret), c.ownerTokenHash) ? secret : undefined;
  };

  const notOwner = () => new HttpError(403, 'This checkout can only be completed in the browser that opened it from Launchpad: start the payment again from Launchpad');

  /** Pay and Cancel: the owner's cookie, the form token, and no foreign Origin. */
  const assertOwnerPost = (ctx: Context, c: CheckoutRow) => {
    const from = ctx.get('Origin');
    // The configured public origin, or the address this request was sent to (not `ctx.origin`: Koa 3 answers the Origin header there).
    if (from && from !== origin && from !== `${ctx.protocol}://${ctx.host}`) throw new HttpError(403, 'Checkout requests must come from the checkout page', { origin: from });
    const secret = ownerSecret(ctx, c);
    if (!secret) throw notOwner();
    const { csrf } = parse(checkoutForm, ctx.request.body ?? {}, 'checkout form');
    if (!csrf || !safeEqual(csrf, csrfToken(secret, c.id))) throw new HttpError(403, 'The checkout form has expired: open the checkout again from Launchpad');
  };

  /** The local checkout session, 404 for another gateway's or none. */
  const localCheckout = async (id: string): Promise<CheckoutRow> => {
    const c = await findCheckout(checkout.db, id);
    if (!c || c.gateway !== 'local') throw notFound('Checkout session not found');
    return c;
  };
  /** The session a Pay or Cancel post is for, once its owner and form are checked. */
  const ownerPost = async (ctx: Context, id: string): Promise<CheckoutRow> => {
    const c = await localCheckout(id);
    assertOwnerPost(ctx, c);
    return c;
  };

  register(bc.localCheckoutPage, async ({ params: { id }, query: { grant } }, ctx) => {
    const c = await localCheckout(id);
    ctx.set('Cache-Control', 'no-store');
    // Not no-referrer: with it browsers send `Origin: null` on the page's own form posts.
    ctx.set('Referrer-Policy', 'same-origin');
    if (grant) {
      // Exchange the one-time grant for a fresh cookie secret (compare-and-set: a grant works once).
      const secret = newOwnerToken();
      const [exchanged] = await checkout.db
        .update(checkoutSessions)
        .set({ ownerTokenHash: tokenHash(secret) })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.ownerTokenHash, tokenHash(grant))))
        .returning({ id: checkoutSessions.id });
      if (exchanged) ctx.cookies.set(cookieName, secret, { httpOnly: true, sameSite: 'strict', secure, path: `/checkout/${id}`, maxAge: sessionLifetimeMs, overwrite: true });
      ctx.status = 303;
      ctx.redirect(`/checkout/${id}`);
      return;
    }
    ctx.type = 'html';
    const expired = c.status === 'open' && c.expiresAt < checkout.clock.now();
    if (c.status !== 'open' || expired) {
      return page('Checkout', `<h1>This checkout is ${expired ? 'expired' : c.status}</h1><p><a style="color:#a5b4fc" href="${back(c)}">Back to Launchpad</a></p>`);
    }
    const secret = ownerSecret(ctx, c);
    if (!secret) {
      ctx.status = 403;
      return page('Checkout', `<h1>Open this checkout from Launchpad</h1><p class="note">${notOwner().message}.</p><p><a style="color:#a5b4fc" href="${back(c)}">Back to Launchpad</a></p>`);
    }
    const token = `<input type="hidden" name="csrf" value="${csrfToken(secret, c.id)}">`;
    // Who pays, named on the page that takes the money: a team's balance or the person's own.
    const team = await teamOfAccount(checkout.db, c.userId);
    const payer = accountLabel(team ? { kind: 'team', name: team.name } : undefined);
    return page(
      'Launchpad checkout',
      `<h1>Launchpad checkout</h1><p class="note">${purposeLabel[c.purpose] ?? 'Payment'}</p>
<p data-testid="checkout-account">Paid into: <strong>${escapeHtml(payer)}</strong></p>
<div class="amount" data-testid="checkout-amount">${formatCents(c.amountCents)}</div>
<p class="note">Local test checkout: no card is charged. Configure Stripe keys to take real payments.</p>
<form method="post" action="/checkout/${c.id}/pay">${token}<button class="pay" type="submit">Pay ${formatCents(c.amountCents)}</button></form>
<form method="post" action="/checkout/${c.id}/cancel">${token}<button class="cancel" type="submit">Cancel</button></form>`,
    );
  });

  register(
    bc.localCheckoutPay,
    async ({ params: { id } }, ctx) => {
      const c = await ownerPost(ctx, id);
      if (c.status === 'open' && c.expiresAt < checkout.clock.now()) {
        await closeCheckout(checkout.db, id, 'expired');
        throw new HttpError(410, 'This checkout session has expired');
      }
      await fulfilCheckout(checkout, id);
      ctx.redirect(backAfter(c, 'success'));
    },
    { before: [limited, form] },
  );

  register(
    bc.localCheckoutCancel,
    async ({ params: { id } }, ctx) => {
      const c = await ownerPost(ctx, id);
      await closeCheckout(checkout.db, id, 'cancelled');
      ctx.redirect(backAfter(c, 'cancelled'));
    },
    { before: [limited, form] },
  );

  return router;
}
