import { useState } from 'react';
import { auditFilters } from '../../../shared/api/audit';
import type { PageProps } from '../../routes/pages';
import { headingOf } from '../../routes/table';
import { auditApi, useAdminAudit } from '../../queries/audit';
import { CsvExportButtons } from '../../shell/CsvExportButtons';
import { ErrorBoundary } from '../../shell/ErrorBoundary';
import { PageTitle } from '../../shell/Page';
import { listViewCodec, useListView } from '../../shell/view-state';
import { AuditFiltersBar } from './AuditFiltersBar';
import { AuditTable } from './AuditTable';
import { type Paging, firstPage, nextPage, previousPage } from './paging';
import './admin-audit.css';

/** The filters live in the address (Back and Forward, shared links); the log is newest first and has no other order. */
const auditViewCodec = listViewCodec(auditFilters, []);

/** Audit Log (admin): every admin action and security event, filtered, 50 a page, and as CSV with the same filters. */
export default function AuditLogPage({ route }: PageProps) {
  const { view, show } = useListView('admin-audit', auditViewCodec, route.query);
  const filters = view.filters;
  // Cursor paging belongs to one set of filters: other filters start again at the first page.
  const filtersKey = JSON.stringify(filters);
  const [state, setState] = useState<{ filtersKey: string; paging: Paging }>({ filtersKey, paging: firstPage });
  const paging = state.filtersKey === filtersKey ? state.paging : firstPage;
  const setPaging = (change: (p: Paging) => Paging) => setState({ filtersKey, paging: change(paging) });
  const page = useAdminAudit(filters, paging.cursor);
  const next = page.data?.next_cursor ?? null;

  return (
    <section className="page admin-audit-page">
      <PageTitle>{headingOf('admin-audit')}</PageTitle>
      <p className="page-lead">Every administrator action and security event, newest first. Events cannot be changed or deleted.</p>
      <AuditFiltersBar
        // a new address (Back, a shared link) starts the typed fields over from it
        key={filtersKey}
        filters={filters}
        onChange={(f) => show({ ...view, filters: f, page: 1 })}
      >
        <CsvExportButtons download={(excel) => auditApi.exportAudit(filters, excel)} filename="audit-log.csv" />
      </AuditFiltersBar>
      <ErrorBoundary label="Audit log">
        <div className="card table-card">
          {page.isError && (
            <p className="form-error card-body" role="alert">
              Could not load the audit log: {page.error.message}
            </p>
          )}
          {page.isPending ? <p className="muted card-body">Loading events…</p> : <AuditTable events={page.data?.events ?? []} />}
          <nav className="audit-pager" aria-label="Pages">
            <button type="button" className="btn btn-small" disabled={paging.previous.length === 0} onClick={() => setPaging(previousPage)}>
              Previous
            </button>
            <span className="muted" data-testid="audit-page">
              Page {paging.previous.length + 1}
            </span>
            <button type="button" className="btn btn-small" disabled={!next || page.isPlaceholderData} onClick={() => next && setPaging((p) => nextPage(p, next))}>
              Next
            </button>
          </nav>
        </div>
      </ErrorBoundary>
    </section>
  );
}
