import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Transaction } from '../../shared/api/billing';
import { DataTable } from './DataTable';

type LedgerQuery = UseInfiniteQueryResult<InfiniteData<{ transactions: Transaction[] }>, Error>;

interface Props {
  query: LedgerQuery;
  title: string;
  /** the table's test id; the title's id is `<testId>-title` */
  testId: string;
  /** the table region's accessible name */
  label: string;
  /** the card's class, after `card table-card` */
  className: string;
  tableClassName: string;
  /** shown when there are no entries */
  empty: string;
  /** beside the title, e.g. the export buttons */
  actions?: ReactNode;
  row(t: Transaction): ReactNode;
}

/** A ledger (a user's or, for an administrator, a customer's): newest first, a page at a time with Load more. */
export function LedgerCard({ query: q, title, testId, label, className, tableClassName, empty, actions, row }: Props) {
  const rows = q.data?.pages.flatMap((p) => p.transactions) ?? [];
  const titleId = `${testId}-title`;

  return (
    <section className={`card table-card ${className}`} aria-labelledby={titleId}>
      <div className="card-head">
        <h2 id={titleId}>{title}</h2>
        <span className="muted small">Every credit and charge, with the balance after it</span>
        {actions}
      </div>
      {q.isError && rows.length === 0 ? (
        <p className="form-error card-body" role="alert">
          Error: {q.error.message}
        </p>
      ) : q.isPending ? (
        <p className="muted card-body">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="muted card-body">{empty}</p>
      ) : (
        <DataTable
          label={label}
          testId={testId}
          className={tableClassName}
          scope="col"
          keyColumns={['Description', 'Amount', 'Balance']}
          columns={['Date', 'Description', { label: 'Amount', className: 'num' }, { label: 'Balance', className: 'num' }]}
          busy={q.isFetching}
        >
          {rows.map(row)}
        </DataTable>
      )}
      {q.hasNextPage && (
        <div className="card-foot">
          <button type="button" className="btn" disabled={q.isFetchingNextPage} aria-busy={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
            {q.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
      {q.isFetchNextPageError && (
        <p className="form-error card-body" role="alert">
          Error: {q.error?.message}
        </p>
      )}
    </section>
  );
}
