import { adminPingsResponse, pingStatsResponse, type AdminPingsQuery } from '../../shared/api/pings';
import { apiRequest } from './client';

export type PingFilters = Omit<AdminPingsQuery, 'page' | 'page_size'>;

export const pingsApi = {
  list: (page: number, pageSize: number, f: PingFilters) => {
    const q = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
    for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '') q.set(k, String(v));
    return apiRequest(`/api/admin/pings?${q.toString()}`, { schema: adminPingsResponse });
  },
  stats: () => apiRequest('/api/admin/pings/stats', { schema: pingStatsResponse }),
};
