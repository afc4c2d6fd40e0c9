import { type ReactNode, useId } from 'react';

/**
 * One column title: plain text, or content with the class of its `<th>` (and, for a sortable column,
 * its order). `text` names a column whose label is not plain text (a sort button, a hidden title):
 * the stacked rows of a narrow window label their fields with it.
 */
export type Column = string | { label: ReactNode; text?: string; className?: string; sort?: 'ascending' | 'descending' | 'none' };

const columnText = (column: Column) => (typeof column === 'string' ? column : typeof column.label === 'string' ? column.label : (column.text ?? ''));

/** The `<thead>` of a table: one row of column titles; the key columns' titles carry `data-key`. */
export function TableHead({ columns, scope, keyColumns = [] }: { columns: readonly Column[]; scope?: 'col'; keyColumns?: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) => {
          const { label, className, sort } = typeof column === 'string' ? { label: column, className: undefined, sort: undefined } : column;
          return (
            // The columns of a table never move, so their position is their identity.
            <th key={i} scope={scope} className={className} aria-sort={sort} data-key={keyColumns.includes(columnText(column)) ? '' : undefined}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

const cssString = (s: string) => `"${s.replace(/["\\]/g, '\\$&').replace(/\n/g, ' ')}"`;

/**
 * Below 768 px a stacked table's rows are cards: each field under its column's title (drawn from
 * the titles, so rows need not repeat them), the key columns first. One rule per column, scoped to
 * this table by its id.
 */
function StackLabels({ id, columns, keyColumns }: { id: string; columns: readonly Column[]; keyColumns: readonly string[] }) {
  const rules = columns.flatMap((column, i) => {
    const text = columnText(column);
    const cell = `[data-stack-id="${id}"] > tbody > tr > td:nth-child(${i + 1})`;
    return [`${cell}:not([colspan])::before{content:${cssString(text)}}`, ...(keyColumns.includes(text) ? [`${cell}{order:-1}`] : [])];
  });
  return <style>{`@media (max-width: 767px){${rules.join('')}}`}</style>;
}

interface DataTableProps {
  /** the region's accessible name */
  label: string;
  testId: string;
  columns: readonly Column[];
  /**
   * The columns people open the table for (its actions, amounts, details), by title: in view
   * without a sideways scroll from 1280 px, and first in a stacked row. The screen sweep checks it.
   */
  keyColumns: readonly string[];
  /** below 768 px, rows become labelled cards (default); false keeps a sideways-scrolling table */
  stack?: boolean;
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
export function DataTable({ label, testId, columns, keyColumns, stack = true, scope, className = 'table', wrapClassName = 'table-wrap', busy, children, after }: DataTableProps) {
  const id = useId();
  return (
    <div className={wrapClassName} role="region" aria-label={label} tabIndex={0}>
      {stack && <StackLabels id={id} columns={columns} keyColumns={keyColumns} />}
      <table className={stack ? `${className} table-stacked` : className} data-testid={testId} data-stack-id={stack ? id : undefined} aria-busy={busy}>
        <TableHead columns={columns} scope={scope} keyColumns={keyColumns} />
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
