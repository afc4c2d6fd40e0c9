import { createHash } from 'node:crypto';
import { documentNumber, type DocumentKind } from '../../shared/documents/vocabulary';
import { paperOf, taxOf } from '../../shared/documents/tax';
import type { BankTransferDetails } from '../../shared/licenses/bank-transfer';
import type { Invoicing } from '../config';
import type { Db } from '../db/client';
import type { DocumentContent, DocumentLine, Party } from './content';
import { renderPdf } from './pdf';
import { accountName, detailsOf, documentBySource, insertDocument, nextSequence, type DocumentRow } from './queries';

export interface DocumentDeps {
  invoicing: Invoicing;
  /** the operator's bank account, printed on invoices payable by transfer */
  bankTransfer: BankTransferDetails | undefined;
}

export interface IssueRequest {
  accountId: string;
  kind: DocumentKind;
  /** what it documents, once per kind (a second issue for it answers the first document) */
  source: string;
  lines: DocumentLine[];
  at: Date;
  payment: DocumentContent['payment'];
  dueAt?: Date;
  licenseId?: string | null;
  checkoutId?: string | null;
  corrects?: DocumentRow;
}

/** The buyer as their billing details say now (or the account's name until they give them). */
async function buyerOf(tx: Db, accountId: string): Promise<Party> {
  const d = await detailsOf(tx, accountId);
  if (d) return { legalName: d.legalName, address: d.address, country: d.country, taxId: d.taxId, email: d.email };
  return { legalName: await accountName(tx, accountId), address: '', country: null, taxId: null, email: null };
}

/**
 * Issues one document inside the caller's transaction (the payment's, the refund's, the licence's):
 * the next number of its kind and year, both parties as they are now, the tax, and the PDF rendered
 * once; stored with its SHA-256. If the transaction rolls back, so do the number and the document.
 */
export async function issueDocument(tx: Db, deps: DocumentDeps, r: IssueRequest): Promise<DocumentRow> {
  const existing = await documentBySource(tx, r.kind, r.source);
  if (existing) return existing;
  const { operator, taxRatePercent, currency, footer, paper } = deps.invoicing;
  const buyer = await buyerOf(tx, r.accountId);
  const totalCents = r.lines.reduce((sum, l) => sum + l.amountCents, 0);
  const tax = taxOf(Math.abs(totalCents), { ratePercent: taxRatePercent, operatorCountry: operator.country }, buyer);
  const taxCents = Math.sign(totalCents) * tax.taxCents;
  const year = r.at.getUTCFullYear();
  const seq = await nextSequence(tx, r.kind, year);
  const number = documentNumber(r.kind, year, seq);
  const content: DocumentContent = {
    kind: r.kind,
    number,
    issuedAt: r.at.toISOString(),
    dueAt: r.dueAt?.toISOString() ?? null,
    currency,
    paper: paperOf(paper, buyer.country),
    seller: { legalName: operator.legalName, address: operator.address, country: operator.country, taxId: operator.taxId ?? null, email: operator.email ?? null },
    buyer,
    lines: r.lines,
    netCents: totalCents - taxCents,
    tax: tax.ratePercent > 0 ? { ratePercent: tax.ratePercent, cents: taxCents } : null,
    totalCents,
    reverseCharge: tax.reverseCharge,
    payment: r.payment,
    ...(r.corrects ? { corrects: r.corrects.number } : {}),
    ...(footer ? { footer } : {}),
  };
  const pdf = await renderPdf(content);
  return insertDocument(tx, {
    accountId: r.accountId,
    kind: r.kind,
    number,
    year,
    seq,
    source: r.source,
    licenseId: r.licenseId ?? null,
    checkoutId: r.checkoutId ?? null,
    correctsId: r.corrects?.id ?? null,
    currency,
    totalCents,
    taxCents,
    content,
    pdf,
    pdfSha256: createHash('sha256').update(pdf).digest('hex'),
    issuedAt: r.at,
    dueAt: r.dueAt ?? null,
    paidAt: r.kind === 'invoice' ? null : r.at,
  });
}

/** A credit note taking back all of `original` (a refund, or an invoice paid another way). */
export function creditNoteFor(tx: Db, deps: DocumentDeps, original: DocumentRow, source: string, reason: string, at: Date): Promise<DocumentRow> {
  const content = original.content as DocumentContent;
  return issueDocument(tx, deps, {
    accountId: original.accountId,
    kind: 'credit_note',
    source,
    at,
    lines: content.lines.map((l) => ({ ...l, description: `${reason}: ${l.description}`, unitCents: -l.unitCents, amountCents: -l.amountCents })),
    payment: { status: 'refunded', method: content.payment.method },
    licenseId: original.licenseId,
    checkoutId: original.checkoutId,
    corrects: original,
  });
}
