import Router from '@koa/router';
import { adminTopupBody, balanceCheckoutBody, topupIdempotencyKey, transactionsQuery, type DailySpendResponse, type Transaction, type TransactionsResponse } from '../../shared/api/billing';
import { currentUser, requireAdmin, requireUser } from '../auth/authenticate';
import type { AppState } from '../http/types';
import { parse } from '../http/validate';
import { startCheckout, type CheckoutDeps } from './checkout';
import { dailySpend, entriesPage, type LedgerRow } from './ledger';
import { adminTopup, balanceSummary, grantFreeCredit, type BillingDeps } from './service';
import { z } from 'zod';

const toWire = (e: LedgerRow): Transaction => ({
  id: e.id,
  created_at: e.createdAt.toISOString(),
  kind: e.kind as Transaction['kind'],
  description: e.description,
  amount_cents: e.amountCents,
  balance_after_cents: e.balanceAfterCents,
  reference: e.reference,
});

const cursorPattern = z.string().regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z\|[0-9a-f-]{36}$/, 'Invalid cursor');

/** Balance & Billing: the user's balance, history and Add Funds; the admin top-up. */
export function billingRoutes(deps: BillingDeps, checkout: CheckoutDeps): Router<AppState> {
  const router = new Router<AppState>();

  router.get('balance.get', '/balance', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await balanceSummary(deps, currentUser(ctx.state).id);
  });

  router.get('balance.transactions', '/balance/transactions', requireUser, async (ctx) => {
    const q = parse(transactionsQuery, ctx.query, 'query');
    let cursor: { at: Date; id: string } | undefined;
    if (q.cursor) {
      const [at = '', id = ''] = parse(cursorPattern, q.cursor, 'cursor').split('|');
      cursor = { at: new Date(at), id };
    }
    const userId = currentUser(ctx.state).id;
    await grantFreeCredit(deps, userId);
    const rows = await entriesPage(deps.db, userId, q.limit + 1, cursor);
    const page = rows.slice(0, q.limit);
    const last = page[page.length - 1];
    const body: TransactionsResponse = { transactions: page.map(toWire), next_cursor: rows.length > q.limit && last ? `${last.createdAt.toISOString()}|${last.id}` : null };
    ctx.body = body;
  });

  router.get('balance.daily-spend', '/balance/daily-spend', requireUser, async (ctx) => {
    const now = deps.clock.now();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
    const spent = await dailySpend(deps.db, currentUser(ctx.state).id, from);
    const days: DailySpendResponse['days'] = [];
    for (let i = 0; i < 30; i++) {
      const date = new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      days.push({ date, spend_cents: spent.find((s) => s.date === date)?.cents ?? 0 });
    }
    ctx.body = { days } satisfies DailySpendResponse;
  });

  router.post('balance.checkout', '/balance/checkout', requireUser, async (ctx) => {
    const { amount_cents } = parse(balanceCheckoutBody, ctx.request.body, 'checkout');
    const user = currentUser(ctx.state);
    ctx.body = await startCheckout(checkout, { userId: user.id, email: user.email, purpose: 'balance', amountCents: amount_cents, description: `Launchpad balance: $${(amount_cents / 100).toFixed(2)}` });
  });

  router.post('admin.balance.topup', '/admin/balance/topup', requireAdmin, async (ctx) => {
    const { email, amount_cents } = parse(adminTopupBody, ctx.request.body, 'top-up');
    const key = parse(topupIdempotencyKey, ctx.get('Idempotency-Key') || undefined, 'Idempotency-Key header');
    ctx.body = await adminTopup(deps, currentUser(ctx.state).id, email, amount_cents, key);
  });

  return router;
}
