import { documentsApi, useMyDocuments } from '../../queries/documents';
import { DocumentsBody } from './DocumentsTable';
import { useMayBill } from './use-may-bill';
import './documents.css';

/** The account's invoices, receipts and credit notes (Balance and Licenses); nothing for a member, who may not see them. */
export function DocumentsCard({ kinds, title = 'Invoices & receipts', highlight }: { kinds?: readonly string[]; title?: string; highlight?: string | undefined }) {
  const mayBill = useMayBill();
  const q = useMyDocuments(mayBill);
  if (!mayBill) return null;
  const documents = (q.data ?? []).filter((d) => !kinds || kinds.includes(d.kind) || (d.license_id !== null && kinds.includes('licence')));
  return (
    <section className="card table-card section-card documents-card" aria-labelledby="documents-title">
      <div className="card-head">
        <h2 id="documents-title">{title}</h2>
        <span className="muted small">Each payment's receipt, each bank transfer's invoice and each refund's credit note, as issued</span>
      </div>
      <DocumentsBody state={q} documents={q.data ? documents : undefined} download={documentsApi.pdf} testId="documents" highlight={highlight} />
    </section>
  );
}
