import { type AdminBalanceSortKey, formatCents } from '../../../shared/api/billing';
import { formatDateTime } from '../../../shared/format/dates';
import { useAdminBalances } from '../../queries/admin-balances';
import { auditApi } from '../../queries/audit';
import { CsvExportButtons } from '../../shell/CsvExportButtons';
import { type Column, DataTable, MessageRow } from '../../shell/DataTable';
import { LoadError } from '../../shell/LoadError';
import { sortableColumn } from '../../shell/SortButton';
import { listQuery, useListView } from '../../shell/view-state';
import { FiltersBar } from '../../shell/FiltersBar';
import { balanceFilterFields } from './filters';
import { balanceViewCodec } from './view';
import { Pagination } from '../../shell/Pagination';

const columns: [string, AdminBalanceSortKey][] = [
  ['User Email', 'email'],
  ['Balance', 'balance'],
  ['Last Change', 'updated'],
];

/** All balances: every user's balance, searched, filtered, sorted and paged on the server (all in the address), and as CSV with the same filters. */
export function BalancesTable({ query: address }: { query: Record<string, string> }) {
  const { view, show } = useListView('admin-balances', balanceViewCodec, address);
  const query = listQuery(view);
  const list = useAdminBalances(view.page, query);
  const pages = list.data?.total_pages ?? 1;
  const head: Column[] = columns.map(([label, key]) => sortableColumn(label, key, view.sort, (sort) => show({ ...view, sort, page: 1 }), key === 'balance' ? 'cell-amount' : undefined));
  const filtered = Object.values(view.filters).some((v) => v !== undefined);

  return (
    <section className="card balances-card" aria-labelledby="all-balances">
      <h2 id="all-balances">All balances</h2>
      <FiltersBar
        className="balance-filters"
        search="Search balances by e-mail"
        placeholder="Search by e-mail"
        fields={balanceFilterFields}
        clearable={false}
        filters={view.filters}
        onChange={(filters) => show({ ...view, filters, page: 1 })}
      >
        <CsvExportButtons download={(excel) => auditApi.exportBalances(query, excel)} filename="balances.csv" />
      </FiltersBar>
      {list.isError && <LoadError className="form-error" what="balances" error={list.error} onRetry={() => void list.refetch()} />}
      <DataTable
        label="All balances"
        testId="admin-balances-table"
        className="table admin-table edge-table balances-table"
        scope="col"
        keyColumns={['User Email', 'Balance']}
        columns={head}
        busy={list.isFetching}
      >
        {list.data?.balances.map((b) => (
          <tr key={b.user_id} data-testid="admin-balance-row">
            <td className="cell-email">{b.email}</td>
            <td className={`cell-amount${b.balance_cents < 0 ? ' amount-negative' : ''}`}>{formatCents(b.balance_cents)}</td>
            <td>
              <time dateTime={b.updated_at}>{formatDateTime(b.updated_at)}</time>
            </td>
          </tr>
        ))}
        {list.isPending && <MessageRow colSpan={columns.length}>Loading balances…</MessageRow>}
        {list.data?.balances.length === 0 && <MessageRow colSpan={columns.length}>{filtered ? 'No balances match.' : 'No balances yet.'}</MessageRow>}
      </DataTable>
      <Pagination page={view.page} pages={pages} onPage={(page) => show({ ...view, page })} testId="admin-balances-page" nextDisabled={list.isPlaceholderData}>
        <span className="muted">{list.data ? `${list.data.total.toLocaleString('en-US')} user${list.data.total === 1 ? '' : 's'}` : ''}</span>
      </Pagination>
    </section>
  );
}
