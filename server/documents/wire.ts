import type { BillingDetails, BillingDocument } from '../../shared/api/documents';
import type { DocumentContent } from './content';
import type { BillingDetailsRow, DocumentListRow } from './queries';

export const detailsToWire = (d: BillingDetailsRow): BillingDetails => ({
  legal_name: d.legalName,
  address: d.address,
  country: d.country,
  tax_id: d.taxId,
  email: d.email,
  updated_at: d.updatedAt.toISOString(),
});

export function documentToWire(d: DocumentListRow, admin = false): BillingDocument {
  const content = d.content as DocumentContent;
  return {
    id: d.id,
    kind: d.kind,
    number: d.number,
    issued_at: d.issuedAt.toISOString(),
    due_at: d.dueAt?.toISOString() ?? null,
    paid_at: d.paidAt?.toISOString() ?? null,
    currency: d.currency,
    total_cents: d.totalCents,
    tax_cents: d.taxCents,
    description: content.lines.map((l) => l.description).join('; '),
    license_id: d.licenseId,
    pdf_sha256: d.pdfSha256,
    ...(admin ? { account_id: d.accountId, account_name: d.accountName } : {}),
  };
}
