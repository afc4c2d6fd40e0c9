import type { Transaction } from '../../../shared/api/billing';
import { formatCents } from '../../../shared/api/billing';
import { formatDateTime } from '../../../shared/format/dates';
import { kindLabel, signedCents } from './format';
import { useTransactions } from '../../queries/billing';
import { auditApi } from '../../queries/audit';
import { CsvExportButtons } from '../../shell/CsvExportButtons';
import { DataTable } from '../../shell/DataTable';

function Row({ t }: { t: Transaction }) {
  return (
    <tr data-kind={t.kind}>
      <td className="tx-date">
        <time dateTime={t.created_at}>{formatDateTime(t.created_at)}</time>
      </td>
      <td className="tx-description">
        <span>{t.description}</span>
        <span className={`tx-kind tx-kind-${t.kind}`}>{kindLabel[t.kind]}</span>
      </td>
      <td className={`num tx-amount ${t.amount_cents < 0 ? 'is-debit' : 'is-credit'}`}>{signedCents(t.amount_cents)}</td>
      <td className="num tx-balance">{formatCents(t.balance_after_cents)}</td>
    </tr>
  );
}

/** The ledger, newest first, 20 at a time with Load more. */
export function TransactionsCard() {
  const q = useTransactions();
  const rows = q.data?.pages.flatMap((p) => p.transactions) ?? [];

  return (
    <div className="card table-card transactions-card">
      <div className="card-head">
        <h2>Transaction history</h2>
        <span className="muted small">Every credit and charge, with the balance after it</span>
        <CsvExportButtons download={auditApi.exportTransactions} filename="transactions.csv" />
      </div>
      {q.isError && rows.length === 0 ? (
        <p className="form-error card-body" role="alert">
          Error: {q.error.message}
        </p>
      ) : q.isPending ? (
        <p className="muted card-body">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="muted card-body">No transactions yet.</p>
      ) : (
        <DataTable
          label="Transactions"
          testId="transactions"
          className="table transactions-table edge-table"
          scope="col"
          columns={['Date', 'Description', { label: 'Amount', className: 'num' }, { label: 'Balance', className: 'num' }]}
        >
          {rows.map((t) => (
            <Row key={t.id} t={t} />
          ))}
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
    </div>
  );
}
