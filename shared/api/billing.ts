import { z } from 'zod';

/** Add Funds adds $50. */
export const addFundsCents = 5000;
export const checkoutMinCents = 500;
export const checkoutMaxCents = 1_000_000;

export const balanceResponse = z.object({
  balance_cents: z.number(),
  /** what the user's live paid deployments cost per hour together */
  hourly_burn_cents: z.number(),
  /** balance ÷ burn, in minutes; null when nothing is burning */
  runtime_left_minutes: z.number().nullable(),
});
export type BalanceResponse = z.infer<typeof balanceResponse>;

export const ledgerKinds = ['free_credit', 'topup', 'admin_topup', 'usage', 'refund'] as const;

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

export const balanceCheckoutBody = z.object({
  amount_cents: z
    .number()
    .int('amount_cents must be a whole number of cents')
    .min(checkoutMinCents, `amount_cents must be at least ${checkoutMinCents}`)
    .max(checkoutMaxCents, `amount_cents must be at most ${checkoutMaxCents}`),
});
export const checkoutUrlResponse = z.object({ url: z.string() });

export const adminTopupBody = z.object({
  email: z.email('A valid email is required').max(320),
  amount_cents: z.number().int('amount_cents must be a whole number of cents').positive('amount_cents must be positive').max(100_000_000),
});
export const adminTopupResponse = z.object({ balance_cents: z.number(), email: z.string() });

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
export const checkoutSessionParam = z.object({ id: z.uuid('Unknown checkout session') });
/** `Idempotency-Key` header of the admin top-up: a retried request credits once. */
export const topupIdempotencyKey = z.string().trim().min(1).max(200).optional();
/** POST /api/webhooks/stripe answers Stripe with this once the signature is valid. */
export const stripeWebhookResponse = z.object({ received: z.literal(true), duplicate: z.boolean().optional() });
/** What Stripe posts to the webhook (only the outline: the signature, not this schema, decides what is trusted). */
export const stripeEventBody = z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.record(z.string(), z.unknown()) }) }).loose();
