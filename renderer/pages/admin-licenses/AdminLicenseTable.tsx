import type { AdminLicenseSortKey } from '../../../shared/api/licenses';
import { AdminLicenseRow } from './AdminLicenseRow';
import { pageBounds } from './mark-paid';
import { useAdminLicenses } from '../../queries/licenses';
import { auditApi } from '../../queries/audit';
import { CsvExportButtons } from '../../shell/CsvExportButtons';
import { type Column, DataTable, MessageRow } from '../../shell/DataTable';
import { LoadError } from '../../shell/LoadError';
import { sortableColumn } from '../../shell/SortButton';
import { SortSelect } from '../../shell/SortSelect';
import { listQuery } from '../../shell/view-state';
import { FiltersBar } from '../../shell/FiltersBar';
import { licenseFilterFields } from './filters';
import type { LicenseListView } from './view';

const columns: [string, AdminLicenseSortKey | null][] = [
  ['License ID', 'id'],
  ['Organization', 'organization'],
  ['User Email', 'email'],
  ['Type', 'type'],
  ['Status', 'status'],
  ['Payment', 'payment'],
  ['Amount', null],
  ['Expires', 'expires'],
  ['Created', 'created'],
  ['Actions', null],
];

const sortable = columns.filter((c): c is [string, AdminLicenseSortKey] => c[1] !== null);

/** Licenses matching the search and filters in the chosen order (newest first by default), 20 a page, with Previous/Next; the export holds the same rows. */
export function AdminLicenseTable({ view, onView }: { view: LicenseListView; onView: (v: LicenseListView) => void }) {
  const { page, sort, filters } = view;
  const query = listQuery(view);
  const list = useAdminLicenses(page, query);
  const bounds = pageBounds(page, list.data?.total_pages ?? 1);
  const head: Column[] = columns.map(([label, key]) => sortableColumn(label, key, sort, (s) => onView({ ...view, sort: s, page: 1 }), key ? undefined : 'cell-actions'));
  const filtered = Object.values(filters).some((v) => v !== undefined);

  return (
    <section className="card adm-lic-card" aria-labelledby="all-licenses">
      <div className="adm-lic-toolbar">
        <h2 id="all-licenses">All licenses</h2>
        {list.isFetching && !list.isPending && <span className="muted adm-lic-refreshing">Refreshing…</span>}
      </div>
      <div className="adm-lic-pad adm-lic-filter-row">
        <FiltersBar
          className="adm-lic-filters"
          search="Search email, organization or license ID"
          fields={licenseFilterFields}
          filters={filters}
          onChange={(f) => onView({ ...view, filters: f, page: 1 })}
        >
          <SortSelect className="adm-lic-sort" columns={sortable} sort={sort} onSort={(s) => onView({ ...view, sort: s, page: 1 })} />
          <CsvExportButtons download={(excel) => auditApi.exportLicenses(query, excel)} filename="licenses.csv" />
        </FiltersBar>
      </div>
      {list.isPending && <p className="muted adm-lic-pad">Loading licenses…</p>}
      {list.isError && <LoadError className="form-error adm-lic-pad" what="licenses" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && (
        <DataTable label="Licenses" testId="admin-licenses" className="table adm-lic-table" scope="col" columns={head} keyColumns={['License ID', 'Status', 'Amount', 'Expires', 'Actions']}>
          {list.data.licenses.length === 0 && (
            <MessageRow colSpan={columns.length} className="muted adm-lic-empty">
              {filtered ? 'No licenses match.' : 'No licenses yet.'}
            </MessageRow>
          )}
          {list.data.licenses.map((l) => (
            <AdminLicenseRow key={l.id} license={l} />
          ))}
        </DataTable>
      )}
      <nav className="adm-lic-pager" aria-label="Pages">
        <span className="muted adm-lic-total" data-testid="admin-licenses-total">
          {list.data ? `${list.data.total.toLocaleString('en-US')} license${list.data.total === 1 ? '' : 's'}` : ''}
        </span>
        <button type="button" className="btn btn-small" disabled={!bounds.hasPrevious} onClick={() => onView({ ...view, page: page - 1 })}>
          Previous
        </button>
        <span data-testid="admin-licenses-page">{bounds.label}</span>
        <button type="button" className="btn btn-small" disabled={!bounds.hasNext || list.isPlaceholderData} onClick={() => onView({ ...view, page: page + 1 })}>
          Next
        </button>
      </nav>
    </section>
  );
}
