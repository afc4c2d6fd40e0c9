import { useState } from 'react';
import type { AuditFilters } from '../../../shared/api/audit';
import type { PageProps } from '../../routes/pages';
import { headingOf } from '../../routes/table';
import { auditApi, useAdminAudit } from '../../queries/audit';
import { DownloadCsvButton } from '../../shell/DownloadCsvButton';
import { ErrorBoundary } from '../../shell/ErrorBoundary';
import { PageTitle } from '../../shell/Page';
import { AuditFiltersBar } from './AuditFiltersBar';
import { AuditTable } from './AuditTable';
import { type Paging, firstPage, nextPage, previousPage } from './paging';
import './admin-audit.css';

/** Audit Log (admin): every admin action and security event, filtered, 50 a page, and as CSV with the same filters. */
export default function AuditLogPage(_props: PageProps) {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [paging, setPaging] = useState<Paging>(firstPage);
  const page = useAdminAudit(filters, paging.cursor);
  const next = page.data?.next_cursor ?? null;

  return (
    <section className="page admin-audit-page">
      <PageTitle>{headingOf('admin-audit')}</PageTitle>
      <p className="page-lead">Every administrator action and security event, newest first. Events cannot be changed or deleted.</p>
      <AuditFiltersBar
        filters={filters}
        onChange={(f) => {
          setFilters(f);
          setPaging(firstPage);
        }}
      >
        <DownloadCsvButton download={() => auditApi.exportAudit(filters)} filename="audit-log.csv" />
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
