import Router from '@koa/router';
import { adminBalancesPageSize, billingContract as c, defaultTopupMaxCents, type DailySpendResponse } from '../../shared/api/billing';
import { registrar } from '../http/register';
import type { AppState } from '../http/types';
import { auditWho } from '../http/audit-who';
import { startCheckout, type CheckoutDeps } from './checkout';
import { dailySpend, entriesExportPage } from './ledger';
import { transactionsPage } from './transactions';
import { adminBalancesPage, balancesExportPage } from './admin-balances';
import { pageCountOf } from '../../shared/api/list-query';
import { csvFilename, pagesOf, sendCsv } from '../http/csv';
import { adminTopup, balanceSummary, grantFreeCredit, type BillingDeps } from './service';
import { moveCredit } from './move-credit';
import { monthStart } from '../../shared/billing/spend-limit';
import { monthSpend, saveSpendLimit, spendByDayAndDeployment, spendLimitOf } from './spend';

type BalanceExportRow = Awaited<ReturnType<typeof balancesExportPage>>[number];
type EntryExportRow = Awaited<ReturnType<typeof entriesExportPage>>[number];
const exportPageSize = 1000;

/** Balance & Billing: the user's balance, history and Add Funds; the admin top-up. */
export function billingRoutes(deps: BillingDeps, checkout: CheckoutDeps): Router<AppState> {
  const router = new Router<AppState>();
  const register = registrar(router);

  register(
    c.balance,
    async ({ user }, ctx) => {
      ctx.set('Cache-Control', 'no-store');
      return balanceSummary(deps, user.account.id, ctx.state.signOut);
    },
    { foldsSignOutCheck: true },
  );

  register(c.transactions, ({ query, user }) => transactionsPage(deps, user.account.id, query));

  register(c.transactionsExport, async ({ user, query }, ctx) => {
    await grantFreeCredit(deps, user.account.id);
    return sendCsv(
      ctx,
      {
        filename: csvFilename('transactions', deps.clock.now()),
        header: ['created_at', 'kind', 'description', 'amount_cents', 'balance_after_cents', 'reference', 'id'],
        pages: pagesOf((after: EntryExportRow | undefined) => entriesExportPage(deps.db, user.account.id, exportPageSize, after), exportPageSize),
        cells: ({ entry: e }) => [e.createdAt, e.kind, e.description, e.amountCents, e.balanceAfterCents, e.reference, e.id],
      },
      query,
    );
  });

  register(c.adminBalances, async ({ query: { page, ...filters } }) => {
    const { rows, total } = await adminBalancesPage(deps.db, filters, page, adminBalancesPageSize);
    const list = rows.map((b) => ({ user_id: b.userId, email: b.email, balance_cents: b.balanceCents, updated_at: b.updatedAt.toISOString() }));
    return { balances: list, total, total_pages: pageCountOf(total, adminBalancesPageSize) };
  });

  register(c.adminBalancesExport, ({ query: { excel, ...filters } }, ctx) =>
    sendCsv(
      ctx,
      {
        filename: csvFilename('balances', deps.clock.now()),
        header: ['user_id', 'email', 'balance_cents', 'updated_at'],
        pages: pagesOf((after: BalanceExportRow | undefined) => balancesExportPage(deps.db, filters, exportPageSize, after), exportPageSize),
        cells: (b) => [b.userId, b.email, b.balanceCents, b.updatedAt],
      },
      { excel },
    ),
  );

  /** The first day of the last 30 (today included), UTC. */
  const thirtyDaysFrom = () => {
    const now = deps.clock.now();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
  };

  const spendLimitAnswer = async (accountId: string) => {
    const now = deps.clock.now();
    return { monthly_limit_cents: await spendLimitOf(deps.db, accountId), spent_this_month_cents: await monthSpend(deps.db, accountId, now), month_start: monthStart(now).toISOString() };
  };

  register(c.spendLimit, ({ user }) => spendLimitAnswer(user.account.id));

  register(c.saveSpendLimit, async ({ user, body }) => {
    await saveSpendLimit(deps.db, user.account.id, body.monthly_limit_cents, deps.clock.now());
    return spendLimitAnswer(user.account.id);
  });

  register(c.spendBreakdown, async ({ user }) => {
    const from = thirtyDaysFrom();
    const rows = await spendByDayAndDeployment(deps.db, user.account.id, from);
    const totals = new Map<string, { deployment_id: string; name: string; spend_cents: number }>();
    for (const r of rows) {
      const t = totals.get(r.deploymentId) ?? { deployment_id: r.deploymentId, name: r.name, spend_cents: 0 };
      t.spend_cents += r.cents;
      totals.set(r.deploymentId, t);
    }
    return {
      from: from.toISOString().slice(0, 10),
      deployments: [...totals.values()].sort((a, b) => b.spend_cents - a.spend_cents || a.name.localeCompare(b.name)),
      days: rows.map((r) => ({ date: r.date, deployment_id: r.deploymentId, spend_cents: r.cents })),
    };
  });

  register(c.spendBreakdownExport, async ({ user, query }, ctx) => {
    const rows = await spendByDayAndDeployment(deps.db, user.account.id, thirtyDaysFrom());
    return sendCsv(
      ctx,
      {
        filename: csvFilename('spend', deps.clock.now()),
        header: ['date', 'deployment_id', 'deployment_name', 'spend_cents'],
        pages: (async function* () {
          yield rows;
        })(),
        cells: (r) => [r.date, r.deploymentId, r.name, r.cents],
      },
      query,
    );
  });

  register(c.dailySpend, async ({ user }) => {
    const from = thirtyDaysFrom();
    const spent = await dailySpend(deps.db, user.account.id, from);
    const days: DailySpendResponse['days'] = [];
    for (let i = 0; i < 30; i++) {
      const date = new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      days.push({ date, spend_cents: spent.find((s) => s.date === date)?.cents ?? 0 });
    }
    return { days };
  });

  register(c.checkout, ({ body: { amount_cents }, user }) =>
    startCheckout(checkout, { userId: user.account.id, email: user.email, purpose: 'balance', amountCents: amount_cents, description: `Launchpad balance: $${(amount_cents / 100).toFixed(2)}` }),
  );

  register(c.moveCredit, ({ body: { to_account, amount_cents }, user }, ctx) => moveCredit(deps, user, { ...auditWho(ctx), actor: { id: user.id, email: user.email } }, to_account, amount_cents));

  register(c.adminTopup, ({ body: { email, amount_cents, reason }, headers, user }, ctx) =>
    adminTopup(deps, { ...auditWho(ctx), actor: { id: user.id, email: user.email } }, { email }, { amountCents: amount_cents, reason, idempotencyKey: headers['Idempotency-Key'] }),
  );

  register(c.adminTopupLimit, () => ({ max_cents: deps.topupMaxCents ?? defaultTopupMaxCents }));

  return router;
}
