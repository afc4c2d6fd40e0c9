import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { auditContract as c, type AuditFilters, type AuditPage } from '../../shared/api/audit';
import { type AdminBalancesFilters, billingContract } from '../../shared/api/billing';
import { type AdminDeploymentsFilters, deploymentsContract } from '../../shared/api/deployments';
import { type AdminLicensesFilters, licensesContract } from '../../shared/api/licenses';
import { defaultBrand } from '../../shared/brand';
import { call, download } from '../api/call';

/** Filters as a form holds them: blank fields are left out of the request. */
const present = (f: AuditFilters): AuditFilters => Object.fromEntries(Object.entries(f).filter(([, v]) => typeof v === 'string' && v.trim() !== '')) as AuditFilters;

const excelFlag = (excel: boolean) => (excel ? { excel: '1' as const } : {});

/** The audit log calls, and every CSV export (each a download of an entry of the shared contract, sent with the bearer). */
export const auditApi = {
  adminPage: (filters: AuditFilters, cursor?: string): Promise<AuditPage> => call(c.adminList, { query: { ...present(filters), cursor, limit: 50 } }),
  myPage: (cursor?: string): Promise<AuditPage> => call(c.mine, { query: { cursor, limit: 20 } }),
  // Every export takes its list's filters and `excel` (CSV for Excel: a UTF-8 byte-order mark first).
  exportAudit: (filters: AuditFilters, excel = false) => download(c.adminExport, { query: { ...present(filters), ...excelFlag(excel) } }),
  exportTransactions: (excel = false) => download(billingContract.transactionsExport, { query: excelFlag(excel) }),
  exportBalances: (filters: AdminBalancesFilters, excel = false) => download(billingContract.adminBalancesExport, { query: { ...filters, ...excelFlag(excel) } }),
  // The export's path does not depend on the brand.
  exportDeployments: (filters: AdminDeploymentsFilters, excel = false) => download(deploymentsContract(defaultBrand).adminExport, { query: { ...filters, ...excelFlag(excel) } }),
  exportLicenses: (filters: AdminLicensesFilters, excel = false) => download(licensesContract.adminExport, { query: { ...filters, ...excelFlag(excel) } }),
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
