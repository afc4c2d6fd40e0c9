import { z } from 'zod';
import {
  type AdminCreateLicenseBody,
  adminLicensesResponse,
  checkoutUrl,
  type CreateLicenseBody,
  type License,
  license,
  licenseList,
  termsResponse,
} from '../../shared/api/licenses';
import type { SupportLevel } from '../../shared/licenses/pricing';
import { apiRequest } from './client';

export interface LicenseCheckoutRequest {
  license_id: string;
  users_limit: number;
  gpus_limit: number;
  support_level: SupportLevel;
}

export interface AdminLicensePage {
  licenses: License[];
  total_pages: number;
}

const path = (id: string) => `/api/licenses/${encodeURIComponent(id)}`;
const adminPath = (id: string) => `/api/admin/licenses/${encodeURIComponent(id)}`;

/** The license calls of the spec's call table, validated against the shared contract. */
export const licensesApi = {
  list: (): Promise<License[]> => apiRequest('/api/licenses', { schema: licenseList }),
  create: (body: CreateLicenseBody): Promise<License> => apiRequest('/api/licenses', { method: 'POST', body, schema: license }),
  /** hides the license from the user's list; the license itself stays valid until it expires */
  remove: (id: string): Promise<boolean> => apiRequest(path(id), { method: 'DELETE', schema: z.literal(true) }),
  checkout: (body: LicenseCheckoutRequest): Promise<string> =>
    apiRequest('/api/license/checkout', { method: 'POST', body, schema: checkoutUrl }).then((r) => r.checkout_url),
  terms: (): Promise<string> => apiRequest('/api/terms/license', { schema: termsResponse }).then((r) => r.content),

  adminList: (page: number): Promise<AdminLicensePage> => apiRequest(`/api/admin/licenses?page=${page}`, { schema: adminLicensesResponse }),
  // The spec leaves both answers unread; the server sends the license back, but nothing here relies on it.
  adminMarkPaid: (id: string): Promise<void> => apiRequest<unknown>(`${adminPath(id)}/mark-paid`, { method: 'POST' }).then(() => undefined),
  adminCreate: (body: AdminCreateLicenseBody): Promise<void> =>
    apiRequest<unknown>('/api/admin/licenses/create', { method: 'POST', body }).then(() => undefined),
};
