import { type ReactNode, useState } from 'react';
import { deploymentStatuses, endedStatuses, providerNames } from '../../../shared/deployments/vocabulary';
import { OptionSelect } from '../../shell/OptionSelect';
import { AccountFilterChip } from '../../shell/admin/AccountFilterChip';
import type { DeploymentFilters } from './view';

// Deleted deployments are not listed, so they are not offered as a filter.
const listed = deploymentStatuses.filter((s) => !endedStatuses.includes(s));
const capital = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);
const statusOptions: [string, string][] = [['', 'Any status'], ...listed.map((s): [string, string] => [s, capital(s)])];
const providerOptions: [string, string][] = [['', 'Any provider'], ...providerNames.map((p): [string, string] => [p, p])];
const pick = <V extends string>(values: readonly V[], v: string): V | undefined => ((values as readonly string[]).includes(v) ? (v as V) : undefined);

/** Search (name, e-mail, id or IP) applies with Apply or Enter; status and provider as they are picked. The export buttons come as children. */
export function DeploymentFiltersBar({ filters, onChange, children }: { filters: DeploymentFilters; onChange(f: DeploymentFilters): void; children?: ReactNode }) {
  const [search, setSearch] = useState(filters.search ?? '');
  const apply = (patch: Partial<DeploymentFilters>) => onChange({ ...filters, ...patch });
  const any = Object.values(filters).some((v) => v !== undefined);

  return (
    <form
      className="filter-bar admin-deployment-filters"
      onSubmit={(e) => {
        e.preventDefault();
        apply({ search: search.trim() || undefined });
      }}
    >
      {filters.account && <AccountFilterChip id={filters.account} onClear={() => onChange({ ...filters, account: undefined })} />}
      <input
        className="filter-search"
        type="search"
        aria-label="Search name, email, ID or IP"
        placeholder="Search name, email, ID or IP"
        maxLength={200}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <OptionSelect aria-label="Status" value={filters.status ?? ''} options={statusOptions} onChange={(v) => apply({ status: pick(deploymentStatuses, v) })} />
      <OptionSelect aria-label="Provider" value={filters.provider ?? ''} options={providerOptions} onChange={(v) => apply({ provider: pick(providerNames, v) })} />
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
