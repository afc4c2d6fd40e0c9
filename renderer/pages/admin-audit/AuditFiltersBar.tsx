import { type ReactNode, useState } from 'react';
import { type AuditFilters, auditActionLabels, auditActions } from '../../../shared/api/audit';
import { OptionSelect } from '../../shell/OptionSelect';

const actionOptions: [string, string][] = [['', 'Every action'], ...auditActions.map((a): [string, string] => [a, auditActionLabels[a]])];

/** Action, actor e-mail, target and a date range; applied together (the CSV export takes the applied ones). */
export function AuditFiltersBar({ filters, onChange, children }: { filters: AuditFilters; onChange(f: AuditFilters): void; children?: ReactNode }) {
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const set = (patch: Partial<AuditFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const clean = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

  return (
    <form
      className="filter-bar audit-filters"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ action: clean(draft.action), actor: clean(draft.actor), target: clean(draft.target), from: clean(draft.from), to: clean(draft.to) });
      }}
    >
      <OptionSelect aria-label="Action" value={draft.action ?? ''} options={actionOptions} onChange={(action) => set({ action })} />
      <input aria-label="Actor e-mail" placeholder="Actor e-mail" value={draft.actor ?? ''} onChange={(e) => set({ actor: e.target.value })} />
      <input aria-label="Target" placeholder="Target id or e-mail" value={draft.target ?? ''} onChange={(e) => set({ target: e.target.value })} />
      <label className="audit-date">
        <span>From</span>
        <input type="date" aria-label="From" value={draft.from ?? ''} onChange={(e) => set({ from: e.target.value })} />
      </label>
      <label className="audit-date">
        <span>To</span>
        <input type="date" aria-label="To" value={draft.to ?? ''} onChange={(e) => set({ to: e.target.value })} />
      </label>
      <button type="submit" className="btn btn-small">
        Apply
      </button>
      {children}
    </form>
  );
}
