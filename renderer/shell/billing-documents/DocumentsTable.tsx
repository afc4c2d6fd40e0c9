import { formatCents } from '../../../shared/api/billing';
import type { BillingDocument } from '../../../shared/api/documents';
import { documentKindLabels } from '../../../shared/documents/vocabulary';
import { formatDate } from '../../../shared/format/dates';
import { DataTable } from '../DataTable';
import { DownloadCsvButton } from '../DownloadCsvButton';
import './documents.css';

type Download = (id: string) => Promise<{ blob: Blob; filename: string | undefined }>;

/** What a document's status column says: a receipt is paid, an invoice payable until marked. */
export function documentStatus(d: BillingDocument): string {
  if (d.kind === 'credit_note') return 'Issued';
  if (d.paid_at) return 'Paid';
  return d.due_at ? `Due ${formatDate(d.due_at)}` : 'Payable';
}

/** Invoices, receipts and credit notes, newest first, each with its PDF (the account's, or for an administrator every account's). */
/** Brings the document a notice linked to (`?document=<id>`) into view once, and marks it. */
const scrollIntoView = (row: HTMLTableRowElement | null) => row?.scrollIntoView({ block: 'center' });

export function DocumentsTable({
  documents,
  download,
  testId,
  showAccount = false,
  highlight,
}: {
  documents: BillingDocument[];
  download: Download;
  testId: string;
  showAccount?: boolean;
  /** the id of a document to show marked (the one a payment notice links to) */
  highlight?: string | undefined;
}) {
  return (
    <DataTable
      label="Billing documents"
      testId={testId}
      className="table documents-table edge-table"
      scope="col"
      keyColumns={['Number', 'Total', 'PDF']}
      columns={['Number', 'Date', ...(showAccount ? ['Account'] : []), 'Description', 'Status', { label: 'Total', className: 'num' }, 'PDF']}
    >
      {documents.map((d) => (
        <tr
          key={d.id}
          data-kind={d.kind}
          className={d.id === highlight ? 'is-highlighted' : undefined}
          aria-current={d.id === highlight ? 'true' : undefined}
          ref={d.id === highlight ? scrollIntoView : undefined}
        >
          <td className="doc-number">
            <span className="mono">{d.number}</span>
            <span className="muted small doc-kind">{documentKindLabels[d.kind]}</span>
          </td>
          <td>
            <time dateTime={d.issued_at}>{formatDate(d.issued_at)}</time>
          </td>
          {showAccount && <td className="doc-account">{d.account_name}</td>}
          <td className="doc-description">{d.description}</td>
          <td>{documentStatus(d)}</td>
          <td className="num">{formatCents(d.total_cents)}</td>
          <td>
            <DownloadCsvButton download={() => download(d.id)} filename={`${d.number}.pdf`} label="Download" />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** A documents card's body: the error, loading or empty state, or the table. */
export function DocumentsBody({
  state,
  documents,
  download,
  testId,
  highlight,
}: {
  state: { isError: boolean; error: Error | null; isPending: boolean };
  documents: BillingDocument[] | undefined;
  download: Download;
  testId: string;
  highlight?: string | undefined;
}) {
  if (state.isError)
    return (
      <p className="form-error card-body" role="alert">
        Error: {state.error?.message}
      </p>
    );
  if (state.isPending || !documents) return <p className="muted card-body">Loading…</p>;
  if (documents.length === 0) return <p className="muted card-body">No documents yet.</p>;
  return <DocumentsTable documents={documents} download={download} testId={testId} highlight={highlight} />;
}
