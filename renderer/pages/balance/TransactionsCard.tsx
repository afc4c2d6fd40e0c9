import { formatCents } from '../../../shared/api/billing';
import { formatDateTime } from '../../../shared/format/dates';
import { kindLabel, signedCents } from './format';
import { useTransactions } from '../../queries/billing';
import { auditApi } from '../../queries/audit';
import { CsvExportButtons } from '../../shell/CsvExportButtons';
import { LedgerCard } from '../../shell/LedgerCard';

/** The ledger, newest first, 20 at a time with Load more. */
export function TransactionsCard() {
  return (
    <LedgerCard
      query={useTransactions()}
      title="Transaction history"
      testId="transactions"
      label="Transactions"
      className="transactions-card"
      tableClassName="table transactions-table edge-table"
      empty="No transactions yet."
      actions={<CsvExportButtons download={auditApi.exportTransactions} filename="transactions.csv" />}
      row={(t) => (
        <tr key={t.id} data-kind={t.kind}>
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
      )}
    />
  );
}
