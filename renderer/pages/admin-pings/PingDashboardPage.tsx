import { useState } from 'react';
import { pingPageSize } from '../../../shared/api/pings';
import { type PingFilters, pingsApi, usePings } from '../../queries/pings';
import type { PageProps } from '../../routes/pages';
import { DownloadCsvButton } from '../../shell/DownloadCsvButton';
import { PageTitle } from '../../shell/Page';
import { PingCharts } from './PingCharts';
import { PingFiltersBar } from './PingFiltersBar';
import { isAddressRow } from '../../../shared/pings/installation-key';
import { PingRow } from './PingRow';
import { DataTable, MessageRow } from '../../shell/DataTable';
import { pageCount, sharedAddressNote } from './format';
import './insights.css';

export default function PingDashboardPage(_props: PageProps) {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<PingFilters>({});
  const list = usePings(page, filters);
  const pages = pageCount(list.data?.total ?? 0, pingPageSize);
  const now = Date.now();

  return (
    <section className="page">
      <PageTitle>Ping Dashboard</PageTitle>
      <p className="page-lead">Version pings from running installations: who runs which version, where, and under which license.</p>
      <PingCharts />
      <PingFiltersBar
        filters={filters}
        onChange={(f) => {
          setFilters(f);
          setPage(1);
        }}
      />
      <DownloadCsvButton download={() => pingsApi.exportCsv(filters)} filename="installations.csv" />
      {list.error ? (
        <p className="error-text" role="alert">
          Error: {list.error.message}
        </p>
      ) : (
        <DataTable
          label="Pings"
          testId="pings-table"
          wrapClassName="table-wrap card table-card"
          className="table admin-table edge-table"
          columns={['Status', 'IP Address', 'Deployment', 'Instance User', 'License User', 'Organization', 'Version', 'Behind', 'Apps', 'Users', 'Vintage', 'Last Ping', 'Metadata']}
        >
          {list.data?.pings.map((p) => (
            <PingRow key={p.id} ping={p} now={now} />
          ))}
          {list.data && list.data.pings.length === 0 && <MessageRow colSpan={13}>No pings yet.</MessageRow>}
        </DataTable>
      )}
      {list.data?.pings.some((p) => isAddressRow(p.id)) && (
        <p className="muted" data-testid="shared-address-note">
          Shared address: {sharedAddressNote}
        </p>
      )}
      <div className="pagination">
        <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          Previous
        </button>
        <span data-testid="pings-page">
          Page {page} of {pages}
        </span>
        <button type="button" className="btn btn-small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          Next
        </button>
        <span className="muted">{list.data ? `${list.data.total.toLocaleString('en-US')}${list.data.total_capped ? '+' : ''} installations` : ''}</span>
      </div>
    </section>
  );
}
