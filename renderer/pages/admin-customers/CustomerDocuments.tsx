import { Link } from 'react-router-dom';
import { documentsApi, useAdminDocuments } from '../../queries/documents';
import { linkTo } from '../../routes/links';
import { DocumentsTable } from '../../shell/billing-documents/DocumentsTable';

/** The customer's newest billing documents (their personal account's), with a link to all of them on Documents. */
export function CustomerDocuments({ customerId }: { customerId: string }) {
  const q = useAdminDocuments(1, { account: customerId });
  return (
    <section className="card table-card section-card" aria-labelledby="customer-documents-title">
      <div className="card-head">
        <h2 id="customer-documents-title">Documents</h2>
        <Link to={linkTo('admin-documents', {}, { query: { account: customerId } })}>All of this account's documents</Link>
      </div>
      {q.isError ? (
        <p className="form-error card-body" role="alert">
          Error: {q.error.message}
        </p>
      ) : q.isPending ? (
        <p className="muted card-body">Loading…</p>
      ) : q.data.documents.length === 0 ? (
        <p className="muted card-body">No documents yet.</p>
      ) : (
        <DocumentsTable documents={q.data.documents} download={documentsApi.adminPdf} testId="customer-documents" />
      )}
    </section>
  );
}
