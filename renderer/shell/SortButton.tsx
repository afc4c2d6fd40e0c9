import type { Column } from './DataTable';
import { type ListSort, nextSort } from './view-state';
import './list-controls.css';

const arrows = { none: 'M5 1l3 3.5H2zM5 9L2 5.5h6z', asc: 'M5 1l4 5H1z', desc: 'M5 9L1 4h8z' };

/** A column header that sorts: ascending, descending, then the list's own order; the arrow shows which. */
export function SortButton<K extends string>({ label, sortKey, sort, onSort }: { label: string; sortKey: K; sort: ListSort<K> | undefined; onSort(s: ListSort<K> | undefined): void }) {
  const dir = sort?.key === sortKey ? sort.dir : undefined;
  return (
    <button type="button" className="sort-button" onClick={() => onSort(nextSort(sort, sortKey))}>
      {label}
      <svg className={`sort-arrow${dir ? ` sort-${dir}` : ''}`} width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
        <path d={arrows[dir ?? 'none']} />
      </svg>
    </button>
  );
}

/** A header cell: a sort button with its aria-sort when the column has a key, the plain label otherwise. */
export function sortableColumn<K extends string>(label: string, key: K | null, sort: ListSort<K> | undefined, onSort: (s: ListSort<K> | undefined) => void, className?: string): Column {
  if (!key) return className ? { label, className } : label;
  return {
    label: <SortButton label={label} sortKey={key} sort={sort} onSort={onSort} />,
    text: label,
    className,
    sort: sort?.key === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none',
  };
}
