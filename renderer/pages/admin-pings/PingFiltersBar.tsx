import { useState } from 'react';
import { installationStatuses, type InstallationStatus } from '../../../shared/pings/status';
import type { PingFilters } from '../../queries/pings';

type Tri = '' | 'true' | 'false';

const statusLabels: Record<InstallationStatus, string> = { active: 'Active', inactive: 'Inactive', new: 'New' };
const isStatus = (v: string): v is InstallationStatus => (installationStatuses as readonly string[]).includes(v);

/** Filter by version, country, licensed, managed, status, versions behind, over the user limit; search by organization or IP. */
export function PingFiltersBar({ filters, onChange }: { filters: PingFilters; onChange(f: PingFilters): void }) {
  const [search, setSearch] = useState(filters.search ?? '');
  const [version, setVersion] = useState(filters.version ?? '');
  const [country, setCountry] = useState(filters.country ?? '');
  const tri = (v: boolean | undefined): Tri => (v === undefined ? '' : v ? 'true' : 'false');
  const fromTri = (v: string) => (v === '' ? undefined : v === 'true');
  const apply = (patch: Partial<PingFilters>) => onChange({ ...filters, ...patch });

  return (
    <form
      className="table-toolbar ping-filters"
      onSubmit={(e) => {
        e.preventDefault();
        apply({ search: search.trim() || undefined, version: version.trim() || undefined, country: country.trim().toUpperCase() || undefined });
      }}
    >
      <input aria-label="Search organization or IP" placeholder="Search organization or IP" value={search} onChange={(e) => setSearch(e.target.value)} />
      <input aria-label="Version" placeholder="Version" value={version} onChange={(e) => setVersion(e.target.value)} size={10} />
      <input aria-label="Country code" placeholder="Country (GB)" value={country} maxLength={2} onChange={(e) => setCountry(e.target.value)} size={6} />
      <select aria-label="Licensed" value={tri(filters.licensed)} onChange={(e) => apply({ licensed: fromTri(e.target.value) })}>
        <option value="">Licensed or not</option>
        <option value="true">Licensed</option>
        <option value="false">Unlicensed</option>
      </select>
      <select aria-label="Managed" value={tri(filters.managed)} onChange={(e) => apply({ managed: fromTri(e.target.value) })}>
        <option value="">Managed or not</option>
        <option value="true">Managed</option>
        <option value="false">Self-hosted</option>
      </select>
      <select aria-label="Status" value={filters.status ?? ''} onChange={(e) => apply({ status: isStatus(e.target.value) ? e.target.value : undefined })}>
        <option value="">Any status</option>
        {installationStatuses.map((s) => (
          <option key={s} value={s}>
            {statusLabels[s]}
          </option>
        ))}
      </select>
      <select aria-label="Versions behind" value={tri(filters.behind)} onChange={(e) => apply({ behind: fromTri(e.target.value) })}>
        <option value="">Any version</option>
        <option value="true">Behind latest</option>
        <option value="false">On latest</option>
      </select>
      <select aria-label="User limit" value={tri(filters.over_limit)} onChange={(e) => apply({ over_limit: fromTri(e.target.value) })}>
        <option value="">Any user count</option>
        <option value="true">Over limit</option>
        <option value="false">Within limit</option>
      </select>
      <button type="submit" className="btn btn-small">
        Apply
      </button>
    </form>
  );
}
