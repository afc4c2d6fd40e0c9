import { idempotencyKeyHeader } from './idempotency';
import { z } from 'zod';
import { file, json, jsonBody, redirect, routesOf } from './route';
import { safeText } from './text';
import { csvFormat, listAccount, listDirection, listPage, listSearch, sortOf } from './list-query';

/** Add Funds adds $50. */
export const addFundsCents = 5000;
export const checkoutMinCents = 500;
export const checkoutMaxCents = 1_000_000;
/** The largest card payment (Stripe Checkout's maximum in USD, $999,999.99); a larger licence is paid by bank transfer. */
export const cardPaymentMaxCents = 99_999_999;

export const balanceResponse = z.object({
  balance_cents: z.number(),
  /** what the user's live paid deployments cost per hour together */
  hourly_burn_cents: z.number(),
  /** balance ÷ burn, in minutes; null when nothing is burning */
  runtime_left_minutes: z.number().nullable(),
});
export type BalanceResponse = z.infer<typeof balanceResponse>;

export const ledgerKinds = ['free_credit', 'topup', 'admin_topup', 'usage', 'refund', 'transfer'] as const;

export const transaction = z.object({
  id: z.string(),
  created_at: z.string(),
  kind: z.enum(ledgerKinds),
  description: z.string(),
  amount_cents: z.number(),
  balance_after_cents: z.number(),
  reference: z.string().nullable(),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionsQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const transactionsResponse = z.object({ transactions: z.array(transaction), next_cursor: z.string().nullable() });
export type TransactionsResponse = z.infer<typeof transactionsResponse>;

export const dailySpendResponse = z.object({ days: z.array(z.object({ date: z.string(), spend_cents: z.number() })) });
export type DailySpendResponse = z.infer<typeof dailySpendResponse>;

/** The smallest monthly spend limit one can set: a cent (a limit of $0.10 allows one trial VM hour). */
export const spendLimitMinCents = 1;
/** The largest: $10,000,000. */
export const spendLimitMaxCents = 1_000_000_000;

/** The account's monthly spend limit (issue 46) and this month's spend against it. */
export const spendLimitResponse = z.object({
  /** null: no limit */
  monthly_limit_cents: z.number().nullable(),
  /** usage less refunds since the first of this UTC month */
  spent_this_month_cents: z.number(),
  month_start: z.string(),
});
export type SpendLimitResponse = z.infer<typeof spendLimitResponse>;
export const spendLimitBody = z.object({
  monthly_limit_cents: z
    .number()
    .int('monthly_limit_cents must be a whole number of cents')
    .min(spendLimitMinCents, `monthly_limit_cents must be at least ${spendLimitMinCents}`)
    .max(spendLimitMaxCents, `monthly_limit_cents must be at most ${spendLimitMaxCents}`)
    .nullable(),
});
export type SpendLimitBody = z.infer<typeof spendLimitBody>;

/** The last 30 days' spend broken down by deployment: each one's total, and each day's share in `days`. */
export const spendBreakdownResponse = z.object({
  from: z.string(),
  deployments: z.array(z.object({ deployment_id: z.string(), name: z.string(), spend_cents: z.number() })),
  days: z.array(z.object({ date: z.string(), deployment_id: z.string(), spend_cents: z.number() })),
});
export type SpendBreakdownResponse = z.infer<typeof spendBreakdownResponse>;

export const balanceCheckoutBody = z.object({
  amount_cents: z
    .number()
    .int('amount_cents must be a whole number of cents')
    .min(checkoutMinCents, `amount_cents must be at least ${checkoutMinCents}`)
    .max(checkoutMaxCents, `amount_cents must be at most ${checkoutMaxCents}`),
});
export const checkoutUrlResponse = z.object({ url: z.string() });

/** The largest admin top-up when ADMIN_TOPUP_MAX_CENTS is not set: $5,000. */
export const defaultTopupMaxCents = 500_000;
/** A top-up's amount; the configured maximum is checked by the server (it is not part of the contract). */
export const topupAmountCents = z.number().int('amount_cents must be a whole number of cents').positive('amount_cents must be positive').max(100_000_000);
/**
 * Why an administrator adds money: kept in the ledger entry, the audit event and the user's notice.
 * Optional on the wire (the spec's body is `{email, amount_cents}`; a missing one is recorded as
 * noTopupReason), but a reason that is sent must say something; the console's form requires one.
 */
export const topupReason = safeText({ required: 'Please give a reason for the top-up', max: 300, label: 'Reason' }).optional();
/** What a top-up sent without a reason records as its reason. */
export const noTopupReason = 'no reason given';
export const adminTopupBody = z.object({
  email: z.email('A valid email is required').max(320),
  amount_cents: topupAmountCents,
  reason: topupReason,
});
export const adminTopupResponse = z.object({
  balance_cents: z.number(),
  email: z.string(),
  /** the balance just before this top-up (the same as balance_cents less the amount, unless a retried key found an earlier one) */
  balance_before_cents: z.number(),
  amount_cents: z.number(),
  user_id: z.string(),
});
export type AdminTopupResponse = z.infer<typeof adminTopupResponse>;
export const topupLimitResponse = z.object({ max_cents: z.number() });

/** The ledger's description of an admin top-up: what the user reads in their history. */
export const topupDescription = (reason: string) => `Balance added by an administrator: ${reason}`;

export const adminBalanceSortKeys = ['email', 'balance', 'updated'] as const;
export type AdminBalanceSortKey = (typeof adminBalanceSortKeys)[number];
export const balanceSigns = ['positive', 'zero', 'negative'] as const;
/** All balances (admin): search by e-mail, filter by sign, sort; the CSV export takes the same. */
export const adminBalancesFilters = z.object({
  /** part of the user's e-mail */
  search: listSearch,
  balance: z.enum(balanceSigns).optional(),
  account: listAccount,
  sort: sortOf(adminBalanceSortKeys),
  dir: listDirection,
});
export type AdminBalancesFilters = z.infer<typeof adminBalancesFilters>;
export const adminBalancesPageSize = 50;
export const adminBalancesQuery = adminBalancesFilters.extend({ page: listPage }).describe('balance filters');
export const adminBalancesExportQuery = adminBalancesFilters.extend(csvFormat.shape).describe('balance filters');
export const adminBalance = z.object({ user_id: z.string(), email: z.string(), balance_cents: z.number(), updated_at: z.string() });
export type AdminBalance = z.infer<typeof adminBalance>;
export const adminBalancesResponse = z.object({ balances: z.array(adminBalance), total: z.number(), total_pages: z.number() });
export type AdminBalancesResponse = z.infer<typeof adminBalancesResponse>;

/** Dollars typed by an admin → cents, rounded down; NaN and non-positive amounts are refused. */
export function dollarsToCents(input: string): number | null {
  const n = Number(input.trim());
  if (!Number.isFinite(n) || n <= 0) return null;
  const cents = Math.floor(Math.round(n * 1e6) / 1e4);
  return cents > 0 ? cents : null;
}

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The local checkout page's session id (no payment provider configured). */
export const checkoutSessionParam = z.object({ id: z.uuid('Unknown checkout session') }).describe('checkout');
/** POST /api/webhooks/stripe answers Stripe with this once the signature is valid. */
export const stripeWebhookResponse = z.object({ received: z.literal(true), duplicate: z.boolean().optional() });
/** What Stripe posts to the webhook (only the outline: the signature, not this schema, decides what is trusted). */
export const stripeEventBody = z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.record(z.string(), z.unknown()) }) }).loose();

/** Balance & Billing, the admin top-up, the Stripe webhook and the local test checkout. */
/** The local checkout page's one-time grant, exchanged for the owner's cookie. */
export const checkoutGrantQuery = z
  .object({
    grant: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/)
      .optional(),
  })
  .describe('checkout grant');

/** Moving credit from the account the request acts in (X-Account) to another the caller can bill in (issue 43). */
export const moveCreditBody = z.object({
  to_account: z.uuid('to_account must be an account id (your own id from GET /api/auth/me, or a team’s)'),
  amount_cents: z.number().int('amount_cents must be a whole number of cents').min(1, 'amount_cents must be at least 1'),
});
export type MoveCreditBody = z.infer<typeof moveCreditBody>;
export const moveCreditResponse = z.object({
  /** the balance of the account moved from, after the move */
  balance_cents: z.number(),
  /** the balance of the account moved to, after the move */
  to_balance_cents: z.number(),
});

const route = routesOf('billing');

export const billingContract = {
  localCheckoutPage: route('visitor', 'checkout.local.page', 'GET /checkout/{id}', {
    summary: "The local test checkout page (opened with the owner's one-time ?grant, exchanged for a SameSite cookie)",
    params: checkoutSessionParam,
    query: checkoutGrantQuery,
    responses: {
      200: file('Checkout page', 'text/html'),
      303: { description: "The grant exchanged for the owner's cookie: the page again at its plain address" },
      403: file('Not the browser that opened it: a page saying so', 'text/html'),
    },
    gateway: 'local',
  }),
  localCheckoutPay: route('visitor', 'checkout.local.pay', 'POST /checkout/{id}/pay', {
    summary: "Pay a local checkout session (no card is charged; the owner's cookie and form token)",
    params: checkoutSessionParam,
    responses: { 302: redirect },
    rateLimited: true,
    gateway: 'local',
  }),
  localCheckoutCancel: route('visitor', 'checkout.local.cancel', 'POST /checkout/{id}/cancel', {
    summary: "Cancel a local checkout session (the owner's cookie and form token)",
    params: checkoutSessionParam,
    responses: { 302: redirect },
    rateLimited: true,
    gateway: 'local',
  }),
  balance: route('user', 'balance.get', 'GET /api/balance', { summary: 'Balance, hourly burn and runtime left', responses: { 200: json('Balance', balanceResponse) } }),
  transactions: route('user', 'balance.transactions', 'GET /api/balance/transactions', {
    summary: 'Ledger entries, newest first',
    query: transactionsQuery,
    responses: { 200: json('A page of entries', transactionsResponse) },
  }),
  transactionsExport: route('user', 'balance.transactions.export', 'GET /api/balance/transactions/export', {
    summary: 'All your ledger entries as CSV, newest first; excel=1 adds a UTF-8 byte-order mark',
    query: csvFormat.describe('export format'),
    responses: { 200: file('CSV', 'text/csv') },
  }),
  dailySpend: route('user', 'balance.daily-spend', 'GET /api/balance/daily-spend', { summary: 'Spend per day over the last 30 days', responses: { 200: json('Days', dailySpendResponse) } }),
  spendBreakdown: route('user', 'balance.spend-breakdown', 'GET /api/balance/spend-breakdown', {
    summary: 'Spend of the last 30 days by deployment, and per day and deployment',
    responses: { 200: json('Spend by deployment', spendBreakdownResponse) },
  }),
  spendBreakdownExport: route('user', 'balance.spend-breakdown.export', 'GET /api/balance/spend-breakdown/export', {
    summary: 'Spend of the last 30 days per day and deployment as CSV; excel=1 adds a UTF-8 byte-order mark',
    query: csvFormat.describe('export format'),
    responses: { 200: file('CSV', 'text/csv') },
  }),
  spendLimit: route('user', 'balance.spend-limit.get', 'GET /api/balance/spend-limit', {
    summary: "The account's monthly spend limit (null: none) and this month's spend",
    responses: { 200: json('Spend limit', spendLimitResponse) },
  }),
  saveSpendLimit: route('user', 'balance.spend-limit.save', 'PUT /api/balance/spend-limit', {
    summary: 'Set or remove (null) the monthly spend limit: creates that would take this month past it are refused (429); notices at 80% and 100% (owner, admin, billing)',
    body: jsonBody(spendLimitBody, 'spend limit'),
    responses: { 200: json('Saved', spendLimitResponse) },
  }),
  checkout: route('user', 'balance.checkout', 'POST /api/balance/checkout', {
    summary: 'Start a checkout to add funds',
    body: jsonBody(balanceCheckoutBody, 'checkout'),
    responses: { 200: json('Where to pay', checkoutUrlResponse) },
  }),
  moveCredit: route('user', 'balance.move', 'POST /api/balance/moves', {
    summary: 'Move credit from this account to another you can bill in (your own, or a team where you are owner, admin or billing): a ledger row on each side, in one transaction',
    body: jsonBody(moveCreditBody, 'move'),
    responses: { 200: json('Both balances after the move', moveCreditResponse) },
  }),
  adminTopup: route('admin', 'admin.balance.topup', 'POST /api/admin/balance/topup', {
    summary: "Credit a user's balance, at most ADMIN_TOPUP_MAX_CENTS (admin); a missing reason is recorded as 'no reason given'; a reused Idempotency-Key with another amount is a 422",
    headers: { 'Idempotency-Key': idempotencyKeyHeader },
    body: jsonBody(adminTopupBody, 'top-up'),
    responses: { 200: json('New balance', adminTopupResponse) },
  }),
  adminTopupLimit: route('admin', 'admin.balance.topup-limit', 'GET /api/admin/balance/topup-limit', {
    summary: 'The largest admin top-up (ADMIN_TOPUP_MAX_CENTS)',
    responses: { 200: json('The maximum', topupLimitResponse) },
  }),
  adminBalances: route('admin', 'admin.balances.list', 'GET /api/admin/balances', {
    summary: "Every user's balance, 50 a page: search by e-mail, filter by sign, sort by a column (admin)",
    query: adminBalancesQuery,
    responses: { 200: json('A page of balances; total matches the filters', adminBalancesResponse) },
  }),
  adminBalancesExport: route('admin', 'admin.balances.export', 'GET /api/admin/balances/export', {
    summary: 'The balances matching the list filters as CSV; excel=1 adds a UTF-8 byte-order mark (admin)',
    query: adminBalancesExportQuery,
    responses: { 200: file('CSV', 'text/csv') },
  }),
  stripeWebhook: route('stripe-signature', 'webhooks.stripe', 'POST /api/webhooks/stripe', {
    summary: 'Stripe events (signature checked over the raw body)',
    body: jsonBody(stripeEventBody),
    responses: { 200: json('Received', stripeWebhookResponse) },
    gateway: 'stripe',
  }),
};
