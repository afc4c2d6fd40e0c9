import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { billingApi, dailySpendKey, transactionsKey } from '../../api/billing';
import { platform } from '../../platform/index';

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

/** Add Funds: start a checkout, then leave for the payment page (the system browser on the desktop). */
export function useAddFunds() {
  return useMutation({
    mutationFn: (amountCents: number) => billingApi.checkout(amountCents),
    onSuccess: ({ url }) => {
      if (platform.kind === 'desktop') platform.openExternal(url);
      else window.location.assign(url);
    },
  });
}
