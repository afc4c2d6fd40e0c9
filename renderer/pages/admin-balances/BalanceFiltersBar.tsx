import { type ReactNode, useState } from 'react';
import { balanceSigns } from '../../../shared/api/billing';
import { OptionSelect } from '../../shell/OptionSelect';
import { AccountFilterChip } from '../../shell/admin/AccountFilterChip';
import type { BalanceFilters } from './view';

const signOptions: [string, string][] = [
  ['', 'Any balance'],
  ['positive', 'In credit'],
  ['zero', 'Zero'],
  ['negative', 'Overdrawn'],
];
const pick = (v: string) => ((balanceSigns as readonly string[]).includes(v) ? (v as BalanceFilters['balance']) : undefined);

/** Search by e-mail (Apply or Enter) and the balance's sign (as it is picked); the export buttons come as children. */
export function BalanceFiltersBar({ filters, onChange, children }: { filters: BalanceFilters; onChange(f: BalanceFilters): void; children?: ReactNode }) {
  const [search, setSearch] = useState(filters.search ?? '');
  return (
    <form
      className="filter-bar balance-filters"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ ...filters, search: search.trim() || undefined });
      }}
    >
      {filters.account && <AccountFilterChip id={filters.account} onClear={() => onChange({ ...filters, account: undefined })} />}
      <input className="filter-search" type="search" aria-label="Search balances by e-mail" placeholder="Search by e-mail" maxLength={200} value={search} onChange={(e) => setSearch(e.target.value)} />
      <OptionSelect aria-label="Balance" value={filters.balance ?? ''} options={signOptions} onChange={(v) => onChange({ ...filters, balance: pick(v) })} />
      <button type="submit" className="btn btn-small">
        Apply
      </button>
      {children}
    </form>
  );
}
