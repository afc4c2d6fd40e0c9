import { z } from 'zod';
import { type AdminCreateLicenseBody, type CreateLicenseBody, type License, licensesContract as c } from '../../shared/api/licenses';
import type { SupportLevel } from '../../shared/licenses/pricing';
import { call, callAs } from './call';

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

/** The license calls of the spec's call table, each one an entry of the shared contract. */
export const licensesApi = {
  list: (): Promise<License[]> => call(c.list),
  create: (body: CreateLicenseBody): Promise<License> => call(c.create, { body }),
  /** hides the license from the user's list; the license itself stays valid until it expires */
  remove: (id: string): Promise<boolean> => call(c.hide, { params: { id } }),
  checkout: (body: LicenseCheckoutRequest): Promise<string> => call(c.checkout, { body }).then((r) => r.checkout_url),
  terms: (): Promise<string> => call(c.terms).then((r) => r.content),

  adminList: (page: number): Promise<AdminLicensePage> => call(c.adminList, { query: { page } }),
  // The spec leaves both answers unread; the server sends the license back, but nothing here relies on it.
  adminMarkPaid: (id: string): Promise<void> => callAs(c.adminMarkPaid, z.unknown(), { params: { id } }).then(() => undefined),
  adminCreate: (body: AdminCreateLicenseBody): Promise<void> => callAs(c.adminCreate, z.unknown(), { body }).then(() => undefined),
};
