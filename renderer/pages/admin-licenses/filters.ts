import { adminLicenseStatuses } from '../../../shared/api/licenses';
import { licenseTypes, paymentStatuses } from '../../../shared/licenses/vocabulary';
import type { FilterField } from '../../shell/FiltersBar';
import { optionsOf } from '../../shell/FiltersBar';
import type { LicenseFilters } from './view';

/** Type, status and payment apply as they are picked; "expiring within N days" with Apply or Enter. */
export const licenseFilterFields: FilterField<keyof LicenseFilters>[] = [
  { kind: 'select', key: 'type', label: 'Type', options: optionsOf('Any type', licenseTypes) },
  { kind: 'select', key: 'status', label: 'Status', options: optionsOf('Any status', adminLicenseStatuses) },
  { kind: 'select', key: 'payment', label: 'Payment', options: optionsOf('Any payment', paymentStatuses) },
  { kind: 'number', key: 'expiring_within', label: 'Expiring within', unit: 'days', min: 1, max: 3650, className: 'adm-lic-expiring' },
];
