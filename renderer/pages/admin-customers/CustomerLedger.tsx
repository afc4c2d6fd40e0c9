import { formatCents } from '../../../shared/api/billing';
import { formatDateTime } from '../../../shared/format/dates';
import { useCustomerLedger } from '../../queries/customers';
import { DataTable, MessageRow } from '../../shell/DataTable';

const signed = (cents: number) => (cents > 0 ? `+${formatCents(cents)}` : formatCents(cents));

/** The customer's ledger, newest first, 20 entries at a time with Load more. */
export function CustomerLedger({ customerId }: { customerId: string }) {
  const q = useCustomerLedger(customerId);
  const rows = q.data?.pages.flatMap((p) => p.transactions) ?? [];
  return (
    <section className="card table-card customer-section" aria-labelledby="customer-ledger-title">
      <div className="card-head">
        <h2 id="customer-ledger-title">Ledger</h2>
        <span className="muted small">Every credit and charge, with the balance after it</span>
      </div>
      {q.error && rows.length === 0 ? (
        <p className="form-error card-body" role="alert">
          Error: {q.error.message}
        </p>
      ) : (
        <DataTable
          label="Ledger"
          testId="customer-ledger"
          className="table edge-table"
          scope="col"
          columns={['Date', 'Description', { label: 'Amount', className: 'num' }, { label: 'Balance', className: 'num' }]}
          busy={q.isFetching}
        >
          {q.isPending && <MessageRow colSpan={4}>Loading…</MessageRow>}
          {!q.isPending && rows.length === 0 && <MessageRow colSpan={4}>No entries yet.</MessageRow>}
          {rows.map((t) => (
            <tr key={t.id} data-kind={t.kind}>
              <td className="nowrap">
                <time dateTime={t.created_at}>{formatDateTime(t.created_at)}</time>
              </td>
              <td className="customer-wrap">{t.description}</td>
              <td className={`num ${t.amount_cents < 0 ? 'is-debit' : 'is-credit'}`}>{signed(t.amount_cents)}</td>
              <td className="num">{formatCents(t.balance_after_cents)}</td>
            </tr>
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
    </section>
  );
}
