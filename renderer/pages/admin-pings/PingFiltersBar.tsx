import type { ReactNode } from 'react';
import { installationStatuses, type InstallationStatus } from '../../../shared/pings/status';
import type { PingFilters } from '../../queries/pings';
import { OptionSelect } from '../../shell/OptionSelect';
import { useTypedValues } from '../../shell/use-typed-values';

type Tri = '' | 'true' | 'false';

const statusLabels: Record<InstallationStatus, string> = { active: 'Active', inactive: 'Inactive', new: 'New' };
const isStatus = (v: string): v is InstallationStatus => (installationStatuses as readonly string[]).includes(v);
const statusOptions: [string, string][] = [['', 'Any status'], ...installationStatuses.map((s): [string, string] => [s, statusLabels[s]])];
/** The options of a yes/no filter: either, true, false. */
const yesNo = (either: string, yes: string, no: string): [Tri, string][] => [
  ['', either],
  ['true', yes],
  ['false', no],
];

/** Filter by version, country, licensed, revoked key, managed, status, versions behind, over the user limit; search by organization or IP. */
export function PingFiltersBar({ filters, onChange, children }: { filters: PingFilters; onChange(f: PingFilters): void; children?: ReactNode }) {
  const [typed, type] = useTypedValues({ search: filters.search ?? '', version: filters.version ?? '', country: filters.country ?? '' });
  const { search, version, country } = typed;
  const tri = (v: boolean | undefined): Tri => (v === undefined ? '' : v ? 'true' : 'false');
  const fromTri = (v: string) => (v === '' ? undefined : v === 'true');
  const apply = (patch: Partial<PingFilters>) => onChange({ ...filters, ...patch });

  return (
    <form
      className="filter-bar ping-filters"
      onSubmit={(e) => {
        e.preventDefault();
        apply({ search: search.trim() || undefined, version: version.trim() || undefined, country: country.trim().toUpperCase() || undefined });
      }}
    >
      <input className="filter-search" type="search" aria-label="Search organization or IP" placeholder="Search organization or IP" value={search} onChange={(e) => type('search', e.target.value)} />
      <input className="filter-version" aria-label="Version" placeholder="Version" value={version} onChange={(e) => type('version', e.target.value)} />
      <input className="filter-country" aria-label="Country code" placeholder="Country, e.g. GB" value={country} maxLength={2} onChange={(e) => type('country', e.target.value)} />
      <OptionSelect aria-label="Licensed" value={tri(filters.licensed)} options={yesNo('Licensed or not', 'Licensed', 'Unlicensed')} onChange={(v) => apply({ licensed: fromTri(v) })} />
      <OptionSelect aria-label="Key" value={tri(filters.revoked)} options={yesNo('Any key', 'Revoked or replaced key', 'Key in force')} onChange={(v) => apply({ revoked: fromTri(v) })} />
      <OptionSelect aria-label="Managed" value={tri(filters.managed)} options={yesNo('Managed or not', 'Managed', 'Self-hosted')} onChange={(v) => apply({ managed: fromTri(v) })} />
      <OptionSelect aria-label="Status" value={filters.status ?? ''} options={statusOptions} onChange={(v) => apply({ status: isStatus(v) ? v : undefined })} />
      <OptionSelect aria-label="Versions behind" value={tri(filters.behind)} options={yesNo('Any version', 'Behind latest', 'On latest')} onChange={(v) => apply({ behind: fromTri(v) })} />
      <OptionSelect aria-label="User limit" value={tri(filters.over_limit)} options={yesNo('Any user count', 'Over limit', 'Within limit')} onChange={(v) => apply({ over_limit: fromTri(v) })} />
      <button type="submit" className="btn btn-small">
        Apply
      </button>
      {children}
    </form>
  );
}
