import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type PingFiltersQuery, pingPageSize, pingsContract as c } from '../../shared/api/pings';
import { call, download } from '../api/call';

export type PingFilters = PingFiltersQuery;

/** The filters as the list and the export take them: an empty filter is no filter; flags travel as "true"/"false". */
function filterQuery(f: PingFilters) {
  const text = (v: string | undefined) => v || undefined;
  const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? ('true' as const) : ('false' as const));
  return {
    search: text(f.search),
    version: text(f.version),
    country: text(f.country),
    licensed: flag(f.licensed),
    managed: flag(f.managed),
    status: f.status,
    behind: flag(f.behind),
    over_limit: flag(f.over_limit),
    revoked: flag(f.revoked),
  };
}

export const pingsApi = {
  list: (page: number, pageSize: number, f: PingFilters) => call(c.adminList, { query: { page, page_size: pageSize, ...filterQuery(f) } }),
  stats: () => call(c.adminStats),
  installation: (id: string) => call(c.adminDetail, { params: { id } }),
  /** The installations matching the filters as CSV (an authenticated download). */
  exportCsv: (f: PingFilters, excel = false) => download(c.adminExport, { query: { ...filterQuery(f), ...(excel ? { excel: '1' as const } : {}) } }),
};

/** Pings are refreshed every 60 s. */
export const pingsRefreshMs = 60_000;

export const pingKeys = {
  page: (page: number, filters: PingFilters) => ['admin-pings', page, filters] as const,
  stats: ['admin-pings-stats'] as const,
  installation: (id: string) => ['admin-installation', id] as const,
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

/** One installation's page: its record, licence, 14-day uptime and versions. */
export function useInstallation(id: string) {
  return useQuery({ queryKey: pingKeys.installation(id), queryFn: () => pingsApi.installation(id), refetchInterval: pingsRefreshMs, enabled: id !== '' });
}
