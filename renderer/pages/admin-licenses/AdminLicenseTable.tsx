import { AdminLicenseRow } from './AdminLicenseRow';
import { pageBounds } from './mark-paid';
import { useAdminLicenses } from '../../queries/licenses';
import { auditApi } from '../../queries/audit';
import { DownloadCsvButton } from '../../shell/DownloadCsvButton';
import { type Column, MessageRow, TableHead } from '../../shell/DataTable';
import { LoadError } from '../../shell/LoadError';

const columns: Column[] = ['License ID', 'Organization', 'User Email', 'Type', 'Status', 'Payment', 'Expires', 'Created', { label: 'Actions', className: 'cell-actions' }];

/** Every license, newest first, 20 a page, with Previous/Next. */
export function AdminLicenseTable({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const list = useAdminLicenses(page);
  const bounds = pageBounds(page, list.data?.total_pages ?? 1);

  return (
    <section className="card adm-lic-card" aria-labelledby="all-licenses">
      <div className="adm-lic-toolbar">
        <h2 id="all-licenses">All licenses</h2>
        {list.isFetching && !list.isPending && <span className="muted adm-lic-refreshing">Refreshing…</span>}
        <DownloadCsvButton download={auditApi.exportLicenses} filename="licenses.csv" />
      </div>
      {list.isPending && <p className="muted adm-lic-pad">Loading licenses…</p>}
      {list.isError && <LoadError className="form-error adm-lic-pad" what="licenses" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && (
        <div className="table-wrap">
          <table className="table adm-lic-table" data-testid="admin-licenses">
            <TableHead scope="col" columns={columns} />
            <tbody>
              {list.data.licenses.length === 0 && (
                <MessageRow colSpan={columns.length} className="muted adm-lic-empty">
                  No licenses yet.
                </MessageRow>
              )}
              {list.data.licenses.map((l) => (
                <AdminLicenseRow key={l.id} license={l} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="adm-lic-pager" aria-label="Pages">
        <button type="button" className="btn btn-small" disabled={!bounds.hasPrevious} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <span data-testid="admin-licenses-page">{bounds.label}</span>
        <button type="button" className="btn btn-small" disabled={!bounds.hasNext || list.isPlaceholderData} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </nav>
    </section>
  );
}
