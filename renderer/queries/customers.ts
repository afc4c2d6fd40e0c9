import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingContract } from '../../shared/api/billing';
import { customersContract as c, type CustomerOverview, type CustomersResponse } from '../../shared/api/customers';
import { call } from '../api/call';

/** One admin top-up as the form sends it: to a customer by id, or by e-mail (Manage User Balance). */
export type TopupRequest = { amount_cents: number; reason: string; idempotencyKey: string } & ({ customerId: string; email?: undefined } | { email: string; customerId?: undefined });

/** The admin's customer calls (issue #30): search, one customer's page and ledger, top-up, key revocation. */
export const customersApi = {
  search: (search: string, page = 1): Promise<CustomersResponse> => call(c.search, { query: { search: search.trim() || undefined, page } }),
  overview: (id: string): Promise<CustomerOverview> => call(c.overview, { params: { id } }),
  transactions: (id: string, cursor?: string) => call(c.transactions, { params: { id }, query: { limit: 20, cursor: cursor || undefined } }),
  topupLimit: () => call(billingContract.adminTopupLimit),
  topup: ({ customerId, email, amount_cents, reason, idempotencyKey }: TopupRequest) =>
    customerId
      ? call(c.topup, { params: { id: customerId }, body: { amount_cents, reason }, headers: { 'Idempotency-Key': idempotencyKey } })
      : call(billingContract.adminTopup, { body: { email: email ?? '', amount_cents, reason }, headers: { 'Idempotency-Key': idempotencyKey } }),
  revokeApiKey: (id: string, keyId: string) => call(c.revokeApiKey, { params: { id, keyId } }),
};

export const customerKeys = {
  all: ['customers'] as const,
  search: (search: string, page: number) => ['customers', 'search', search.trim(), page] as const,
  one: (id: string) => ['customers', 'one', id] as const,
  ledger: (id: string) => ['customers', 'ledger', id] as const,
  limit: ['customers', 'topup-limit'] as const,
};

export function useCustomerSearch(search: string, page: number) {
  return useQuery({ queryKey: customerKeys.search(search, page), queryFn: () => customersApi.search(search, page), placeholderData: keepPreviousData });
}

export function useCustomer(id: string) {
  return useQuery({ queryKey: customerKeys.one(id), queryFn: () => customersApi.overview(id), enabled: id !== '' });
}

export function useCustomerLedger(id: string) {
  return useInfiniteQuery({
    queryKey: customerKeys.ledger(id),
    queryFn: ({ pageParam }) => customersApi.transactions(id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: id !== '',
  });
}

/** The largest top-up the server takes (ADMIN_TOPUP_MAX_CENTS), shown in the form. */
export function useTopupLimit() {
  return useQuery({ queryKey: customerKeys.limit, queryFn: customersApi.topupLimit, select: (r) => r.max_cents, staleTime: 5 * 60_000 });
}

/** A top-up; every customer view is read again after it (balance, ledger, audit, mail). */
export function useCustomerTopup() {
  const client = useQueryClient();
  return useMutation({ mutationFn: customersApi.topup, onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.all }) });
}

export function useRevokeCustomerApiKey(customerId: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (keyId: string) => customersApi.revokeApiKey(customerId, keyId), onSuccess: () => client.invalidateQueries({ queryKey: customerKeys.one(customerId) }) });
}
