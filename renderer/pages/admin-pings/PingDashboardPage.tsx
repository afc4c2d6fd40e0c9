import { useNavigate } from 'react-router-dom';
import { pingPageSize } from '../../../shared/api/pings';
import { pingsApi, usePings } from '../../queries/pings';
import { linkTo } from '../../routes/links';
import type { PageProps } from '../../routes/pages';
import { CsvExportButtons } from '../../shell/CsvExportButtons';
import { sortableColumn } from '../../shell/SortButton';
import { PageTitle } from '../../shell/Page';
import { PingCharts } from './PingCharts';
import { PingFiltersBar } from './PingFiltersBar';
import { isAddressRow } from '../../../shared/pings/installation-key';
import { PingRow } from './PingRow';
import { type Column, DataTable, MessageRow } from '../../shell/DataTable';
import { pageCount, sharedAddressNote } from './format';
import { type SortKey, sortPings } from './sort';
import { type PingView, pingViewQuery, readPingView } from './view-state';
import './insights.css';
import { Pagination } from '../../shell/Pagination';

const columns: [string, SortKey | null][] = [
  ['IP Address', 'ip'],
  ['Status', 'status'],
  ['Deployment', 'deployment'],
  ['Instance User', 'instance_user'],
  ['License User', 'license_user'],
  ['Organization', 'organization'],
  ['Version', 'version'],
  ['Behind', 'behind'],
  ['Apps', 'apps'],
  ['Users', 'users'],
  ['Vintage', 'vintage'],
  ['Last Ping', 'last_ping'],
  ['Metadata', null],
];

export default function PingDashboardPage({ route }: PageProps) {
  const navigate = useNavigate();
  // The filters, page and order live in the address: bookmarkable, shareable, and Back goes back.
  const view = readPingView(route.query);
  const { filters, page, sort } = view;
  const show = (next: PingView) => void navigate(linkTo('admin-pings', undefined, { query: pingViewQuery(next) }));
  const list = usePings(page, filters);
  const pages = pageCount(list.data?.total ?? 0, pingPageSize);
  const rows = sortPings(list.data?.pings ?? [], sort);
  const now = Date.now();

  const head: Column[] = columns.map(([label, key], i) => sortableColumn(label, key, sort, (s) => show({ ...view, sort: s }), i === 0 ? 'ping-address' : undefined));

  return (
    <section className="page">
      <PageTitle>Ping Dashboard</PageTitle>
      <p className="page-lead">Version pings from running installations: who runs which version, where, and under which license.</p>
      <PingCharts />
      <PingFiltersBar filters={filters} onChange={(f) => show({ ...view, filters: f, page: 1 })}>
        <CsvExportButtons download={(excel) => pingsApi.exportCsv(filters, excel)} filename="installations.csv" />
      </PingFiltersBar>
      {list.error ? (
        <p className="error-text" role="alert">
          Error: {list.error.message}
        </p>
      ) : (
        <DataTable
          label="Pings"
          testId="pings-table"
          wrapClassName="table-wrap card table-card"
          className="table admin-table edge-table ping-table"
          columns={head}
          keyColumns={['IP Address']}
          stack={false}
          scope="col"
        >
          {rows.map((p) => (
            <PingRow key={p.id} ping={p} now={now} />
          ))}
          {list.data && list.data.pings.length === 0 && (
            <MessageRow colSpan={columns.length}>{Object.values(filters).some((v) => v !== undefined && v !== '') ? 'No installations match these filters.' : 'No pings yet.'}</MessageRow>
          )}
        </DataTable>
      )}
      {list.data?.pings.some((p) => isAddressRow(p.id)) && (
        <p className="muted" data-testid="shared-address-note">
          Shared address: {sharedAddressNote}
        </p>
      )}
      <Pagination page={page} pages={pages} onPage={(p) => show({ ...view, page: p })} testId="pings-page">
        <span className="muted">
          {list.data ? `${list.data.total.toLocaleString('en-US')}${list.data.total_capped ? '+' : ''} installations` : ''}
          {sort ? ' · sorted within this page' : ''}
        </span>
      </Pagination>
    </section>
  );
}
