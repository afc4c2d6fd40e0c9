import {
  adminTopupResponse,
  balanceResponse,
  checkoutUrlResponse,
  dailySpendResponse,
  transactionsResponse,
  type BalanceResponse,
  type DailySpendResponse,
  type TransactionsResponse,
} from '../../shared/api/billing';
import { apiRequest } from './client';

export interface AdminTopupRequest {
  email: string;
  amount_cents: number;
  /** one per submit, so a retried request does not add the money twice */
  idempotencyKey: string;
}

/** The Balance & Billing calls of the spec's call table, validated against the shared contract. */
export const billingApi = {
  balance: (): Promise<BalanceResponse> => apiRequest('/api/balance', { schema: balanceResponse }),
  /** newest first; pass the previous page's next_cursor for the next */
  transactions: (cursor?: string, limit = 20): Promise<TransactionsResponse> => {
    const q = new URLSearchParams({ limit: String(limit) });
    if (cursor) q.set('cursor', cursor);
    return apiRequest(`/api/balance/transactions?${q.toString()}`, { schema: transactionsResponse });
  },
  dailySpend: (): Promise<DailySpendResponse> => apiRequest('/api/balance/daily-spend', { schema: dailySpendResponse }),
  /** starts a checkout; the caller sends the browser to the returned url */
  checkout: (amountCents: number): Promise<{ url: string }> => apiRequest('/api/balance/checkout', { method: 'POST', body: { amount_cents: amountCents }, schema: checkoutUrlResponse }),
  adminTopup: ({ email, amount_cents, idempotencyKey }: AdminTopupRequest) =>
    apiRequest('/api/admin/balance/topup', { method: 'POST', body: { email, amount_cents }, headers: { 'Idempotency-Key': idempotencyKey }, schema: adminTopupResponse }),
};

/** react-query keys: everything under `billingKey` is refetched when the balance may have changed. */
export const billingKey = ['billing'] as const;
export const balanceKey = [...billingKey, 'balance'] as const;
export const transactionsKey = [...billingKey, 'transactions'] as const;
export const dailySpendKey = [...billingKey, 'daily-spend'] as const;
