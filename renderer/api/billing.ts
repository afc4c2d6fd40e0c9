import { billingContract as c, type BalanceResponse, type DailySpendResponse, type TransactionsResponse } from '../../shared/api/billing';
import { call } from './call';

export interface AdminTopupRequest {
  email: string;
  amount_cents: number;
  /** one per submit, so a retried request does not add the money twice */
  idempotencyKey: string;
}

/** The Balance & Billing calls of the spec's call table, each one an entry of the shared contract. */
export const billingApi = {
  balance: (): Promise<BalanceResponse> => call(c.balance),
  /** newest first; pass the previous page's next_cursor for the next */
  transactions: (cursor?: string, limit = 20): Promise<TransactionsResponse> => call(c.transactions, { query: { limit, cursor: cursor || undefined } }),
  dailySpend: (): Promise<DailySpendResponse> => call(c.dailySpend),
  /** starts a checkout; the caller sends the browser to the returned url */
  checkout: (amountCents: number): Promise<{ url: string }> => call(c.checkout, { body: { amount_cents: amountCents } }),
  adminTopup: ({ email, amount_cents, idempotencyKey }: AdminTopupRequest) => call(c.adminTopup, { body: { email, amount_cents }, headers: { 'Idempotency-Key': idempotencyKey } }),
};

/** react-query keys: everything under `billingKey` is refetched when the balance may have changed. */
export const billingKey = ['billing'] as const;
export const balanceKey = [...billingKey, 'balance'] as const;
export const transactionsKey = [...billingKey, 'transactions'] as const;
export const dailySpendKey = [...billingKey, 'daily-spend'] as const;
