import { bigint, customType, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { documentKinds } from '../../../shared/documents/vocabulary';
import { timestamptz, updatedAt, uuidId } from './columns';
import { users } from './auth';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** An account's (a person's or a team's) billing details: printed on its documents as they are at issue. */
export const billingDetails = pgTable('billing_details', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => users.id),
  legalName: text('legal_name').notNull(),
  address: text('address').notNull(),
  /** ISO 3166-1 alpha-2 */
  country: text('country').notNull(),
  taxId: text('tax_id'),
  email: text('email'),
  updatedAt: updatedAt(),
});

/** The last number given per document kind and year; the row is locked by the issuing transaction, so numbers are gapless. */
export const documentSequences = pgTable(
  'document_sequences',
  {
    kind: text('kind', { enum: documentKinds }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

/**
 * Issued invoices, receipts and credit notes. Never changed once issued (a trigger refuses updates
 * but setting `paid_at` once, and deletes): the PDF rendered at issue and its SHA-256 are what the
 * customer got; a correction is a credit note.
 */
export const billingDocuments = pgTable(
  'billing_documents',
  {
    id: uuidId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: documentKinds }).notNull(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    /** what it documents, once per kind: `checkout:<id>`, `licence:<id>`, `refund:<checkout id>` */
    source: text('source').notNull(),
    licenseId: text('license_id'),
    checkoutId: uuid('checkout_id'),
    /** the document a credit note corrects */
    correctsId: uuid('corrects_id'),
    currency: text('currency').notNull(),
    /** positive for invoices and receipts, negative for credit notes */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
    /** the parties, lines and notes as printed (shared/api/documents.ts documentContent) */
    content: jsonb('content').notNull(),
    pdf: bytea('pdf').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
    dueAt: timestamptz('due_at'),
    /** an invoice paid by bank transfer: when an administrator marked it; receipts are paid when issued */
    paidAt: timestamptz('paid_at'),
  },
  (t) => [
    uniqueIndex('billing_documents_number').on(t.number),
    uniqueIndex('billing_documents_source').on(t.kind, t.source),
    index('billing_documents_account').on(t.accountId, t.issuedAt),
    index('billing_documents_issued').on(t.issuedAt),
  ],
);
