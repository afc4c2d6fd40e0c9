import { formatCents } from '../../../shared/api/billing';
import { formatDateTime } from '../../../shared/format/dates';
import { useCustomerLedger } from '../../queries/customers';
import { LedgerCard } from '../../shell/LedgerCard';

const signed = (cents: number) => (cents > 0 ? `+${formatCents(cents)}` : formatCents(cents));

/** The customer's ledger, newest first, 20 entries at a time with Load more. */
export function CustomerLedger({ customerId }: { customerId: string }) {
  return (
    <LedgerCard
      query={useCustomerLedger(customerId)}
      title="Ledger"
      testId="customer-ledger"
      label="Ledger"
      className="section-card"
      tableClassName="table edge-table"
      empty="No entries yet."
      row={(t) => (
        <tr key={t.id} data-kind={t.kind}>
          <td className="nowrap">
            <time dateTime={t.created_at}>{formatDateTime(t.created_at)}</time>
          </td>
          <td className="customer-wrap">{t.description}</td>
          <td className={`num ${t.amount_cents < 0 ? 'is-debit' : 'is-credit'}`}>{signed(t.amount_cents)}</td>
          <td className="num">{formatCents(t.balance_after_cents)}</td>
        </tr>
      )}
    />
  );
}
