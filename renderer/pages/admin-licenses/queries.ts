import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCreateLicenseBody } from '../../../shared/api/licenses';
import { licensesApi } from '../../api/licenses';
import { licenseKeys } from '../licenses/queries';

export const adminLicenseKeys = {
  all: ['admin', 'licenses'] as const,
  page: (page: number) => ['admin', 'licenses', page] as const,
};

export function useAdminLicenses(page: number) {
  return useQuery({ queryKey: adminLicenseKeys.page(page), queryFn: () => licensesApi.adminList(page), placeholderData: keepPreviousData });
}

/** Admin changes show up in the admin table and in the admin's own Your Licenses list. */
function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: adminLicenseKeys.all }), client.invalidateQueries({ queryKey: licenseKeys.mine })]);
}

export function useMarkPaid() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => licensesApi.adminMarkPaid(id), onSuccess: refresh });
}

export function useAdminCreateLicense() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: AdminCreateLicenseBody) => licensesApi.adminCreate(body), onSuccess: refresh });
}
