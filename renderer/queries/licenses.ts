import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type AdminChangeLicenseBody,
  type AdminCreateLicenseInput,
  type AdminLicensesFilters,
  type CreateLicenseBody,
  type EndedLicense,
  type License,
  licensesContract as c,
  type RevokedHashes,
} from '../../shared/api/licenses';
import type { SupportLevel } from '../../shared/licenses/pricing';
import { call, callAs } from '../api/call';
import { logged } from './logged';
import { documentKeys } from './documents';

export interface LicenseCheckoutRequest {
  license_id: string;
  users_limit: number;
  gpus_limit: number;
  support_level: SupportLevel;
}

export interface AdminLicensePage {
  licenses: License[];
  total_pages: number;
  total: number;
}

/** The license calls of the spec's call table, each one an entry of the shared contract. */
export const licensesApi = {
  list: (): Promise<License[]> => call(c.list),
  create: (body: CreateLicenseBody): Promise<License> => call(c.create, { body }),
  /** hides the license from the user's list; the license itself stays valid until it expires */
  remove: (id: string): Promise<boolean> => call(c.hide, { params: { id } }),
  ended: (id: string): Promise<EndedLicense> => call(c.ended, { params: { id } }),
  checkout: (body: LicenseCheckoutRequest): Promise<string> => call(c.checkout, { body }).then((r) => r.checkout_url),
  terms: (): Promise<string> => call(c.terms).then((r) => r.content),
  /** starts the renewal's checkout: the address to pay at */
  renew: (id: string): Promise<string> => call(c.renew, { params: { id } }).then((r) => r.checkout_url),
  /** a Community Edition renewal, free and at once: the new licence */
  renewFree: (id: string): Promise<License> => call(c.renewFree, { params: { id } }),
  /** renewal by bank transfer: the renewing licence that waits for the transfer (its reference and amount) */
  renewByTransfer: (id: string): Promise<License> => call(c.renewByTransfer, { params: { id } }),

  /** one page of License Admin with its search, filters and order (all on the server) */
  adminList: (page: number, filters: AdminLicensesFilters = {}): Promise<AdminLicensePage> => call(c.adminList, { query: { ...filters, page } }),
  // The spec leaves both answers unread; the server sends the license back, but nothing here relies on it.
  adminMarkPaid: (id: string): Promise<void> => callAs(c.adminMarkPaid, z.unknown(), { params: { id } }).then(() => undefined),
  adminCreate: (body: AdminCreateLicenseInput): Promise<void> => callAs(c.adminCreate, z.unknown(), { body }).then(() => undefined),
  adminRevoke: (id: string, reason: string): Promise<License> => call(c.adminRevoke, { params: { id }, body: { reason } }),
  adminChange: (id: string, body: AdminChangeLicenseBody): Promise<License> => call(c.adminChange, { params: { id }, body }),
  adminResendKey: (id: string): Promise<string> => call(c.adminResendKey, { params: { id } }).then((r) => r.sent_to),
  adminRevokedHashes: (): Promise<RevokedHashes> => call(c.adminRevokedHashes),
};

export const licenseKeys = {
  all: ['licenses'] as const,
  mine: ['licenses', 'mine'] as const,
  terms: ['licenses', 'terms'] as const,
  ended: (id: string) => ['licenses', 'ended', id] as const,
};

/** What is kept of a licence deleted from the list or revoked, for the page its notices link to. */
export function useEndedLicense(id: string, enabled: boolean) {
  return useQuery({ queryKey: licenseKeys.ended(id), queryFn: () => licensesApi.ended(id), enabled, retry: false, staleTime: Infinity });
}

/** The user's licenses; `refetchInterval` polls the list while the page waits for a payment to be confirmed. */
export function useMyLicenses(enabled: boolean, refetchInterval?: (licenses: License[] | undefined) => number | false) {
  return useQuery({
    queryKey: licenseKeys.mine,
    queryFn: licensesApi.list,
    enabled,
    refetchInterval: (q) => refetchInterval?.(q.state.data) ?? false,
  });
}

export function useLicenseTerms(enabled: boolean) {
  return useQuery({ queryKey: licenseKeys.terms, queryFn: licensesApi.terms, enabled, staleTime: Infinity });
}

export function useCreateLicense() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLicenseBody) => licensesApi.create(body),
    onSuccess: (created) => {
      client.setQueryData<License[]>(licenseKeys.mine, (old) => (old ? [created, ...old.filter((l) => l.id !== created.id)] : old));
      // a licence paid by bank transfer has its invoice from the moment it is made
      return Promise.all([client.invalidateQueries({ queryKey: licenseKeys.mine }), client.invalidateQueries({ queryKey: documentKeys.mine })]);
    },
  });
}

export function useDeleteLicense() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => licensesApi.remove(id),
    onSuccess: (_ok, id) => {
      client.setQueryData<License[]>(licenseKeys.mine, (old) => old?.filter((l) => l.id !== id));
      return client.invalidateQueries({ queryKey: licenseKeys.mine });
    },
  });
}

export function useLicenseCheckout() {
  return useMutation({ mutationFn: (req: LicenseCheckoutRequest) => licensesApi.checkout(req) });
}

export function useRenewLicense() {
  return useMutation({ mutationFn: (id: string) => licensesApi.renew(id) });
}

/** The new licence joins the list at once (the old one shows Renewed by). */
export function useRenewFree() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => licensesApi.renewFree(id),
    onSuccess: () => client.invalidateQueries({ queryKey: licenseKeys.mine }),
  });
}

/** The waiting renewal joins the list (with its Pay Now) as soon as it is made. */
export function useRenewByTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => licensesApi.renewByTransfer(id),
    onSuccess: () => client.invalidateQueries({ queryKey: licenseKeys.mine }),
  });
}

export const adminLicenseKeys = {
  all: ['admin', 'licenses'] as const,
  revokedHashes: ['admin', 'licenses', 'revoked-hashes'] as const,
  page: (page: number, filters: AdminLicensesFilters) => ['admin', 'licenses', page, filters] as const,
};

export function useAdminLicenses(page: number, filters: AdminLicensesFilters = {}) {
  return useQuery({ queryKey: adminLicenseKeys.page(page, filters), queryFn: () => licensesApi.adminList(page, filters), placeholderData: keepPreviousData });
}

/** Admin changes show up in the admin table and in the admin's own Your Licenses list. */
function useAdminRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: adminLicenseKeys.all }), client.invalidateQueries({ queryKey: licenseKeys.mine })]);
}

export function useMarkPaid() {
  const refresh = useAdminRefresh();
  return useMutation({ mutationFn: (id: string) => licensesApi.adminMarkPaid(id), onSuccess: refresh });
}

export function useAdminCreateLicense() {
  const refresh = useAdminRefresh();
  return useMutation({ mutationFn: (body: AdminCreateLicenseInput) => licensesApi.adminCreate(body), onSuccess: refresh });
}

/** Every revoked licence's id hash as the platform's denylist takes it. */
export function useRevokedHashes() {
  return useQuery({ queryKey: adminLicenseKeys.revokedHashes, queryFn: licensesApi.adminRevokedHashes });
}

export function useRevokeLicense() {
  const refresh = useAdminRefresh();
  return useMutation({ mutationFn: ({ id, reason }: { id: string; reason: string }) => licensesApi.adminRevoke(id, reason), onSuccess: refresh });
}

export function useChangeLicense() {
  const refresh = useAdminRefresh();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: AdminChangeLicenseBody }) => licensesApi.adminChange(id, body), onSuccess: refresh });
}

export function useResendKey() {
  return useMutation({ mutationFn: (id: string) => licensesApi.adminResendKey(id) });
}

/**
 * The setup guide's license list (spec 8: a failure is logged only). Its own key, so a swallowed
 * failure there never masks an error the Licenses page would show.
 */
export const guideLicensesKey = ['setup-guide', 'licenses'] as const;

export function useGuideLicenses(signedIn: boolean) {
  return useQuery({
    queryKey: guideLicensesKey,
    queryFn: () => logged('loading licenses', undefined as License[] | undefined, licensesApi.list),
    enabled: signedIn,
  });
}
