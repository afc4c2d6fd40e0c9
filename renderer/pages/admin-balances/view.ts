import { adminBalanceSortKeys, adminBalancesFilters } from '../../../shared/api/billing';
import { listViewCodec } from '../../shell/view-state';

/** All balances: search, filter, order and page, all in the address. */
export const balanceViewCodec = listViewCodec(adminBalancesFilters.omit({ sort: true, dir: true }), adminBalanceSortKeys);
export type BalanceListView = ReturnType<typeof balanceViewCodec.read>;
export type BalanceFilters = BalanceListView['filters'];
