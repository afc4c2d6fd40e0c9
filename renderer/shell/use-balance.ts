import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { balanceKey, billingApi, billingKey } from '../api/billing';
import { useAuthStore } from '../auth/store';
import { onBalanceRefresh } from './balance-events';

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
