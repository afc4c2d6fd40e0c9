import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminBalancesFilters, type AdminBalancesResponse, billingContract as c } from '../../shared/api/billing';
import { call } from '../api/call';
import { billingKey } from './billing';

/** All balances (admin): one page with its search, filter and order, all on the server. */
export const adminBalancesApi = {
  list: (page: number, filters: AdminBalancesFilters): Promise<AdminBalancesResponse> => call(c.adminBalances, { query: { ...filters, page } }),
};

// Under the billing key: a top-up's refreshBalance() (useBalanceRefreshEvent) refetches the table too.
export const adminBalancesKey = [...billingKey, 'admin-balances'] as const;

export function useAdminBalances(page: number, filters: AdminBalancesFilters) {
  return useQuery({ queryKey: [...adminBalancesKey, page, filters], queryFn: () => adminBalancesApi.list(page, filters), placeholderData: keepPreviousData });
}
