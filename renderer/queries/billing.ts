import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { billingContract as c, type BalanceResponse, type DailySpendResponse, type SpendBreakdownResponse, type SpendLimitResponse, type TransactionsResponse } from '../../shared/api/billing';
import { teamKeys } from './teams';
import { useAuthStore } from '../auth/store';
import { call, callInAccount, download } from '../api/call';

/** The Balance & Billing calls of the spec's call table, each one an entry of the shared contract. */
export const billingApi = {
  balance: (): Promise<BalanceResponse> => call(c.balance),
  /** newest first; pass the previous page's next_cursor for the next */
  transactions: (cursor?: string, limit = 20): Promise<TransactionsResponse> => call(c.transactions, { query: { limit, cursor: cursor || undefined } }),
  dailySpend: (): Promise<DailySpendResponse> => call(c.dailySpend),
  spendBreakdown: (): Promise<SpendBreakdownResponse> => call(c.spendBreakdown),
  exportSpend: (excel = false) => download(c.spendBreakdownExport, { query: excel ? { excel: '1' as const } : {} }),
  spendLimit: (): Promise<SpendLimitResponse> => call(c.spendLimit),
  saveSpendLimit: (cents: number | null): Promise<SpendLimitResponse> => call(c.saveSpendLimit, { body: { monthly_limit_cents: cents } }),
  /** starts a checkout; the caller sends the browser to the returned url */
  checkout: (amountCents: number): Promise<{ url: string }> => call(c.checkout, { body: { amount_cents: amountCents } }),
  /** moves credit out of `from` (an account id; undefined: the person's own) into `to` */
  move: (from: string | undefined, to: string, amountCents: number) => callInAccount(from, c.moveCredit, { body: { to_account: to, amount_cents: amountCents } }),
};

/** react-query keys: everything under `billingKey` is refetched when the balance may have changed. */
export const billingKey = ['billing'] as const;
export const balanceKey = [...billingKey, 'balance'] as const;
export const transactionsKey = [...billingKey, 'transactions'] as const;
export const dailySpendKey = [...billingKey, 'daily-spend'] as const;
export const spendBreakdownKey = [...billingKey, 'spend-breakdown'] as const;
export const spendLimitKey = [...billingKey, 'spend-limit'] as const;

/**
 * The internal balance refresh event: pages that change what the user is charged (create or
 * delete a deployment, a top-up) call `refreshBalance()`, and the balance widget refetches at once
 * instead of waiting for its next 10-second poll. No React here, so any module may call it.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function refreshBalance(): void {
  for (const listener of [...listeners]) listener();
}

/** Subscribes to refresh requests; returns the unsubscribe function (fits a useEffect cleanup). */
export function onBalanceRefresh(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The balance is polled every 10 seconds (spec). */
export const balancePollMs = 10_000;

/** The signed-in user's balance, burn and runtime left; shared by the header widget and the Balance page. */
export function useBalance(opts: { pollMs?: number } = {}) {
  const signedIn = useAuthStore((s) => s.status === 'signed-in');
  return useQuery({ queryKey: balanceKey, queryFn: billingApi.balance, enabled: signedIn, refetchInterval: opts.pollMs ?? balancePollMs });
}

/** Refetches everything billing shows when some page calls `refreshBalance()`. Mounted once, by the widget. */
export function useBalanceRefreshEvent(): void {
  const client = useQueryClient();
  useEffect(() => onBalanceRefresh(() => void client.invalidateQueries({ queryKey: billingKey })), [client]);
}

/** A changed balance (a charge by the metering job, a payment confirmed) means new history rows: refetch them. */
export function useHistoryFollowsBalance(cents: number | undefined): void {
  const client = useQueryClient();
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (cents === undefined) return;
    if (previous.current !== undefined && previous.current !== cents) {
      void client.invalidateQueries({ queryKey: transactionsKey });
      void client.invalidateQueries({ queryKey: dailySpendKey });
      void client.invalidateQueries({ queryKey: spendBreakdownKey });
      void client.invalidateQueries({ queryKey: spendLimitKey });
    }
    previous.current = cents;
  }, [cents, client]);
}

export const transactionsPageSize = 20;

export function useTransactions() {
  return useInfiniteQuery({
    queryKey: transactionsKey,
    queryFn: ({ pageParam }) => billingApi.transactions(pageParam, transactionsPageSize),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useDailySpend() {
  return useQuery({ queryKey: dailySpendKey, queryFn: billingApi.dailySpend, select: (d) => d.days });
}

/** Add Funds: start a checkout; `onCheckout` gets the payment page's address. */
export function useAddFunds(onCheckout: (url: string) => void) {
  return useMutation({
    mutationFn: (amountCents: number) => billingApi.checkout(amountCents),
    onSuccess: ({ url }) => onCheckout(url),
  });
}

/** Moving credit between two accounts the person can bill in: afterwards every balance, history and team page is read again. */
export function useMoveCredit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (m: { from: string | undefined; to: string; amountCents: number }) => billingApi.move(m.from, m.to, m.amountCents),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: billingKey }), client.invalidateQueries({ queryKey: teamKeys.all })]),
  });
}

/** The last 30 days by deployment (Balance page). */
export function useSpendBreakdown() {
  return useQuery({ queryKey: spendBreakdownKey, queryFn: billingApi.spendBreakdown });
}

/** The account's monthly spend limit and this month's spend. */
export function useSpendLimit() {
  return useQuery({ queryKey: spendLimitKey, queryFn: billingApi.spendLimit });
}

export function useSaveSpendLimit() {
  const client = useQueryClient();
  return useMutation({ mutationFn: billingApi.saveSpendLimit, onSuccess: (data) => client.setQueryData(spendLimitKey, data) });
}
