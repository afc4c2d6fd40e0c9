import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminDocumentsFilters, type BillingDetailsBody, documentsContract as c } from '../../shared/api/documents';
import { call, download } from '../api/call';

/** Filters as a form holds them: blank fields are left out of the request. */
const present = (f: AdminDocumentsFilters): AdminDocumentsFilters => Object.fromEntries(Object.entries(f).filter(([, v]) => typeof v === 'string' && v.trim() !== '')) as AdminDocumentsFilters;

/** Billing details and documents (issue 46), each call an entry of the shared contract. */
export const documentsApi = {
  details: () => call(c.billingDetails),
  saveDetails: (body: BillingDetailsBody) => call(c.saveBillingDetails, { body }),
  list: () => call(c.list).then((r) => r.documents),
  pdf: (id: string) => download(c.pdf, { params: { id } }),
  adminList: (page: number, filters: AdminDocumentsFilters) => call(c.adminList, { query: { ...present(filters), page } }),
  adminPdf: (id: string) => download(c.adminPdf, { params: { id } }),
  adminExport: (filters: AdminDocumentsFilters, excel = false) => download(c.adminExport, { query: { ...present(filters), ...(excel ? { excel: '1' as const } : {}) } }),
};

export const documentKeys = {
  all: ['documents'] as const,
  mine: ['documents', 'mine'] as const,
  details: ['documents', 'details'] as const,
  admin: (page: number, filters: AdminDocumentsFilters) => ['documents', 'admin', page, present(filters)] as const,
};

/** The account's documents; `enabled` false for a role that may not see them (members). */
export function useMyDocuments(enabled = true) {
  return useQuery({ queryKey: documentKeys.mine, queryFn: documentsApi.list, enabled });
}

export function useBillingDetails(enabled = true) {
  return useQuery({ queryKey: documentKeys.details, queryFn: documentsApi.details, enabled });
}

export function useSaveBillingDetails() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: documentsApi.saveDetails, onSuccess: () => qc.invalidateQueries({ queryKey: documentKeys.details }) });
}

export function useAdminDocuments(page: number, filters: AdminDocumentsFilters) {
  return useQuery({ queryKey: documentKeys.admin(page, filters), queryFn: () => documentsApi.adminList(page, filters), placeholderData: keepPreviousData });
}
