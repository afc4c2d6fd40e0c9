import { useState } from 'react';
import type { AdminDocumentsFilters } from '../../../shared/api/documents';
import { documentKindLabels, documentKinds } from '../../../shared/documents/vocabulary';
import { documentsApi, useAdminDocuments } from '../../queries/documents';
import type { PageProps } from '../../routes/pages';
import { DocumentsTable } from '../../shell/billing-documents/DocumentsTable';
import { CsvExportButtons } from '../../shell/CsvExportButtons';
import { PageTitle, PlaceholderPage } from '../../shell/Page';
import { Pagination } from '../../shell/Pagination';
import './admin-documents.css';

const description = 'Every invoice, receipt and credit note issued, as the customer got it.';

/** Documents (admin): every account's billing documents, filtered by number or account, kind, status and dates, with the PDFs and a CSV export. */
export default function DocumentsAdminPage({ route }: PageProps) {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<AdminDocumentsFilters>({ account: route.query.account || undefined });
  const q = useAdminDocuments(page, filters);
  if (route.view === 'public') return <PlaceholderPage name="admin-documents" route={route} description={description} />;
  const set = (k: keyof AdminDocumentsFilters) => (e: { target: { value: string } }) => {
    setPage(1);
    setFilters({ ...filters, [k]: e.target.value || undefined });
  };

  return (
    <section className="page admin-documents-page">
      <PageTitle>Documents</PageTitle>
      <p className="page-lead">{description}</p>
      <form className="list-filters documents-filters" onSubmit={(e) => e.preventDefault()} aria-label="Document filters">
        <label className="field documents-search">
          <span>Search</span>
          <input type="search" name="search" placeholder="Number, account or name" value={filters.search ?? ''} onChange={set('search')} maxLength={200} />
        </label>
        <label className="field">
          <span>Kind</span>
          <select name="kind" value={filters.kind ?? ''} onChange={set('kind')}>
            <option value="">All kinds</option>
            {documentKinds.map((k) => (
              <option key={k} value={k}>
                {documentKindLabels[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Status</span>
          <select name="status" value={filters.status ?? ''} onChange={set('status')}>
            <option value="">Any status</option>
            <option value="payable">Payable</option>
            <option value="paid">Paid or settled</option>
          </select>
        </label>
        <label className="field">
          <span>From</span>
          <input type="date" name="from" value={filters.from ?? ''} onChange={set('from')} />
        </label>
        <label className="field">
          <span>To</span>
          <input type="date" name="to" value={filters.to ?? ''} onChange={set('to')} />
        </label>
        <CsvExportButtons download={(excel) => documentsApi.adminExport(filters, excel)} filename="documents.csv" />
      </form>
      {q.isError && <p className="error-text">Could not load the documents: {q.error.message}</p>}
      {q.isPending && <p className="muted">Loading…</p>}
      {q.data && q.data.documents.length === 0 && <p className="muted">No documents match.</p>}
      {q.data && q.data.documents.length > 0 && (
        <div className="card table-card">
          <DocumentsTable documents={q.data.documents} download={documentsApi.adminPdf} testId="admin-documents" showAccount />
        </div>
      )}
      {q.data && q.data.total_pages > 1 && <Pagination page={page} pages={q.data.total_pages} onPage={setPage} label="Document pages" words={['Newer', 'Older']} className="pager" />}
    </section>
  );
}
