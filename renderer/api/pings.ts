import { type AdminPingsQuery, pingsContract as c } from '../../shared/api/pings';
import { call } from './call';

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
