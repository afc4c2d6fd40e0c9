import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { auditContract as c, type AuditFilters, type AuditPage } from '../../shared/api/audit';
import { billingContract } from '../../shared/api/billing';
import { deploymentsContract } from '../../shared/api/deployments';
import { licensesContract } from '../../shared/api/licenses';
import { defaultBrand } from '../../shared/brand';
import { call, download } from '../api/call';

/** Filters as a form holds them: blank fields are left out of the request. */
const present = (f: AuditFilters): AuditFilters => Object.fromEntries(Object.entries(f).filter(([, v]) => typeof v === 'string' && v.trim() !== '')) as AuditFilters;

/** The audit log calls, and every CSV export (each a download of an entry of the shared contract, sent with the bearer). */
export const auditApi = {
  adminPage: (filters: AuditFilters, cursor?: string): Promise<AuditPage> => call(c.adminList, { query: { ...present(filters), cursor, limit: 50 } }),
  myPage: (cursor?: string): Promise<AuditPage> => call(c.mine, { query: { cursor, limit: 20 } }),
  exportAudit: (filters: AuditFilters) => download(c.adminExport, { query: present(filters) }),
  exportTransactions: () => download(billingContract.transactionsExport),
  exportBalances: () => download(billingContract.adminBalancesExport),
  // The export's path does not depend on the brand.
  exportDeployments: () => download(deploymentsContract(defaultBrand).adminExport),
  exportLicenses: () => download(licensesContract.adminExport),
};

export const auditKeys = {
  all: ['audit'] as const,
  admin: (filters: AuditFilters) => ['audit', 'admin', present(filters)] as const,
  mine: ['audit', 'mine'] as const,
};

/** One page of the admin audit log at a time (the page keeps its cursors for Previous). */
export function useAdminAudit(filters: AuditFilters, cursor: string | undefined) {
  return useQuery({ queryKey: [...auditKeys.admin(filters), cursor ?? ''], queryFn: () => auditApi.adminPage(filters, cursor), placeholderData: keepPreviousData });
}

/** The signed-in user's own events, newest first, with Load more. */
export function useMyAudit() {
  return useInfiniteQuery({
    queryKey: auditKeys.mine,
    queryFn: ({ pageParam }) => auditApi.myPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
