import { Link } from 'react-router-dom';
import { documentsApi, useAdminDocuments } from '../../queries/documents';
import { linkTo } from '../../routes/links';
import { DocumentsBody } from '../../shell/billing-documents/DocumentsTable';

/** The customer's newest billing documents (their personal account's), with a link to all of them on Documents. */
export function CustomerDocuments({ customerId }: { customerId: string }) {
  const q = useAdminDocuments(1, { account: customerId });
  return (
    <section className="card table-card section-card" aria-labelledby="customer-documents-title">
      <div className="card-head">
        <h2 id="customer-documents-title">Documents</h2>
        <Link to={linkTo('admin-documents', {}, { query: { account: customerId } })}>All of this account's documents</Link>
      </div>
      <DocumentsBody state={q} documents={q.data?.documents} download={documentsApi.adminPdf} testId="customer-documents" />
    </section>
  );
}
