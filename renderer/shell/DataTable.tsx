import type { ReactNode } from 'react';

/** One column title: plain text, or content with the class of its `<th>` (and, for a sortable column, its order). */
export type Column = string | { label: ReactNode; className?: string; sort?: 'ascending' | 'descending' | 'none' };

/** The `<thead>` of a table: one row of column titles. */
export function TableHead({ columns, scope }: { columns: readonly Column[]; scope?: 'col' }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) => {
          const { label, className, sort } = typeof column === 'string' ? { label: column, className: undefined, sort: undefined } : column;
          return (
            // The columns of a table never move, so their position is their identity.
            <th key={i} scope={scope} className={className} aria-sort={sort}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

interface DataTableProps {
  /** the region's accessible name */
  label: string;
  testId: string;
  columns: readonly Column[];
  scope?: 'col';
  className?: string;
  wrapClassName?: string;
  busy?: boolean;
  /** the rows */
  children: ReactNode;
  /** shown under the table, inside the scroll region (e.g. a Load more button) */
  after?: ReactNode;
}

/** A table in a focusable scroll region (so keyboard users can scroll it), with its column titles and rows. */
export function DataTable({ label, testId, columns, scope, className = 'table', wrapClassName = 'table-wrap', busy, children, after }: DataTableProps) {
  return (
    <div className={wrapClassName} role="region" aria-label={label} tabIndex={0}>
      <table className={className} data-testid={testId} aria-busy={busy}>
        <TableHead columns={columns} scope={scope} />
        <tbody>{children}</tbody>
      </table>
      {after}
    </div>
  );
}

/** A row of one cell across every column, for "loading" and "nothing here" messages. */
export function MessageRow({ colSpan, className = 'muted', testId, children }: { colSpan: number; className?: string; testId?: string; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className={className} data-testid={testId}>
        {children}
      </td>
    </tr>
  );
}
