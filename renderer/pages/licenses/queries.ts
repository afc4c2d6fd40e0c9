import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateLicenseBody, License } from '../../../shared/api/licenses';
import { type LicenseCheckoutRequest, licensesApi } from '../../api/licenses';
import { type CheckoutReturn, pollAfterCheckout } from './checkout-return';

export const licenseKeys = {
  all: ['licenses'] as const,
  mine: ['licenses', 'mine'] as const,
  terms: ['licenses', 'terms'] as const,
};

/** The user's licenses; after a card payment the list is polled until the webhook has activated it. */
export function useMyLicenses(enabled: boolean, checkout: CheckoutReturn | undefined, pageOpenedAt: number) {
  return useQuery({
    queryKey: licenseKeys.mine,
    queryFn: licensesApi.list,
    enabled,
    refetchInterval: (q) => pollAfterCheckout(checkout, q.state.data, pageOpenedAt, Date.now()),
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
      return client.invalidateQueries({ queryKey: licenseKeys.mine });
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
