import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AdminPingsQuery, pingPageSize, pingsContract as c } from '../../shared/api/pings';
import { call } from '../api/call';

export type PingFilters = Omit<AdminPingsQuery, 'page' | 'page_size'>;

export const pingsApi = {
  list: (page: number, pageSize: number, f: PingFilters) => {
    // an empty filter is no filter; flags travel as "true"/"false"
    const text = (v: string | undefined) => v || undefined;
    const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? ('true' as const) : ('false' as const));
    return call(c.adminList, {
      query: { page, page_size: pageSize, search: text(f.search), version: text(f.version), country: text(f.country), licensed: flag(f.licensed), managed: flag(f.managed) },
    });
  },
  stats: () => call(c.adminStats),
};

/** Pings are refreshed every 60 s. */
export const pingsRefreshMs = 60_000;

export const pingKeys = {
  page: (page: number, filters: PingFilters) => ['admin-pings', page, filters] as const,
  stats: ['admin-pings-stats'] as const,
};

export function usePings(page: number, filters: PingFilters) {
  return useQuery({
    queryKey: pingKeys.page(page, filters),
    queryFn: () => pingsApi.list(page, pingPageSize, filters),
    refetchInterval: pingsRefreshMs,
    placeholderData: keepPreviousData,
  });
}

/** Active installations per day and the versions they run. */
export function usePingStats() {
  return useQuery({ queryKey: pingKeys.stats, queryFn: pingsApi.stats, refetchInterval: pingsRefreshMs });
}
