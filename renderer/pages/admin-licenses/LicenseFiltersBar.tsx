import { type ReactNode, useState } from 'react';
import { adminLicenseStatuses } from '../../../shared/api/licenses';
import { licenseTypes, paymentStatuses } from '../../../shared/licenses/vocabulary';
import { OptionSelect } from '../../shell/OptionSelect';
import { AccountFilterChip } from '../../shell/admin/AccountFilterChip';
import type { LicenseFilters } from './view';

const capital = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);
const optionsOf = <const V extends string>(any: string, values: readonly V[]): [string, string][] => [['', any], ...values.map((v): [string, string] => [v, capital(v)])];
const pick = <V extends string>(values: readonly V[], v: string): V | undefined => ((values as readonly string[]).includes(v) ? (v as V) : undefined);

/**
 * Search (e-mail, organization, license id) and "expiring within N days" apply with Apply or Enter;
 * type, status and payment apply as they are picked. The export button(s) come as children.
 */
export function LicenseFiltersBar({ filters, onChange, children }: { filters: LicenseFilters; onChange(f: LicenseFilters): void; children?: ReactNode }) {
  const [search, setSearch] = useState(filters.search ?? '');
  const [days, setDays] = useState(filters.expiring_within ? String(filters.expiring_within) : '');
  const apply = (patch: Partial<LicenseFilters>) => onChange({ ...filters, ...patch });
  const any = Object.values(filters).some((v) => v !== undefined);

  return (
    <form
      className="filter-bar adm-lic-filters"
      onSubmit={(e) => {
        e.preventDefault();
        const n = Number(days);
        apply({ search: search.trim() || undefined, expiring_within: Number.isInteger(n) && n >= 1 && n <= 3650 ? n : undefined });
      }}
    >
      {filters.account && <AccountFilterChip id={filters.account} onClear={() => onChange({ ...filters, account: undefined })} />}
      <input
        className="filter-search"
        type="search"
        aria-label="Search email, organization or license ID"
        placeholder="Search email, organization or license ID"
        maxLength={200}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <OptionSelect aria-label="Type" value={filters.type ?? ''} options={optionsOf('Any type', licenseTypes)} onChange={(v) => apply({ type: pick(licenseTypes, v) })} />
      <OptionSelect aria-label="Status" value={filters.status ?? ''} options={optionsOf('Any status', adminLicenseStatuses)} onChange={(v) => apply({ status: pick(adminLicenseStatuses, v) })} />
      <OptionSelect aria-label="Payment" value={filters.payment ?? ''} options={optionsOf('Any payment', paymentStatuses)} onChange={(v) => apply({ payment: pick(paymentStatuses, v) })} />
      <label className="adm-lic-expiring">
        <span>Expiring within</span>
        <input type="number" inputMode="numeric" min={1} max={3650} aria-label="Expiring within (days)" placeholder="days" value={days} onChange={(e) => setDays(e.target.value)} />
        <span>days</span>
      </label>
      <button type="submit" className="btn btn-small">
        Apply
      </button>
      {any && (
        <button type="button" className="btn btn-small" onClick={() => onChange({})}>
          Clear
        </button>
      )}
      {children}
    </form>
  );
}
