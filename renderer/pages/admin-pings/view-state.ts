import { pingFiltersQuery } from '../../../shared/api/pings';
import type { PingFilters } from '../../queries/pings';
import { isSortKey, type PingSort } from './sort';

/** What the Ping Dashboard shows, all of it in the address so a view can be bookmarked, shared and gone back to. */
export interface PingView {
  filters: PingFilters;
  page: number;
  sort: PingSort | undefined;
}

const filterKeys = Object.keys(pingFiltersQuery.shape) as (keyof PingFilters)[];

/** The view of an address's query; a parameter that does not read (a hand-edited link) is left out rather than failing the page. */
export function readPingView(query: Record<string, string>): PingView {
  const filters: Record<string, unknown> = {};
  for (const key of filterKeys) {
    const raw = query[key];
    if (raw === undefined || raw === '') continue;
    const parsed = pingFiltersQuery.shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) filters[key] = parsed.data;
  }
  const page = Number(query.page);
  const sortKey = query.sort;
  return {
    filters: filters as PingFilters,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: sortKey && isSortKey(sortKey) ? { key: sortKey, dir: query.dir === 'desc' ? 'desc' : 'asc' } : undefined,
  };
}

/** The query of a view: only what differs from the default, in a fixed order. */
export function pingViewQuery(view: PingView): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of filterKeys) {
    const v = view.filters[key];
    if (v !== undefined && v !== '') query[key] = String(v);
  }
  if (view.sort) {
    query.sort = view.sort.key;
    query.dir = view.sort.dir;
  }
  if (view.page > 1) query.page = String(view.page);
  return query;
}
