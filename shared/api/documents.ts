import { z } from 'zod';
import { documentKinds } from '../documents/vocabulary';
import { taxIdProblem } from '../documents/tax';
import { file, json, jsonBody, routesOf } from './route';
import { safeText } from './text';
import { csvFormat, listAccount, listPage, listSearch } from './list-query';

/** An account's billing details (issue 46): what its invoices, receipts and credit notes name it by. */
export const billingDetailsBody = z
  .object({
    legal_name: safeText({ required: 'Please enter the legal name', max: 200, label: 'Legal name' }),
    address: safeText({ required: 'Please enter the address', max: 500, multiline: true, label: 'Address' }),
    country: z
      .string()
      .transform((c) => c.trim().toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}$/, 'Country must be a two-letter code such as DE')),
    tax_id: safeText({ max: 40 })
      .transform((t) => t.trim() || null)
      .nullable()
      .default(null),
    email: z.email('Billing e-mail must be an e-mail address').max(254).nullable().default(null),
  })
  .superRefine((b, ctx) => {
    const problem = b.tax_id ? taxIdProblem(b.tax_id, b.country) : undefined;
    if (problem) ctx.addIssue({ code: 'custom', path: ['tax_id'], message: `Tax ID ${problem}` });
  });
export type BillingDetailsBody = z.infer<typeof billingDetailsBody>;

export const billingDetails = z.object({
  legal_name: z.string(),
  address: z.string(),
  country: z.string(),
  tax_id: z.string().nullable(),
  email: z.string().nullable(),
  updated_at: z.string(),
});
export type BillingDetails = z.infer<typeof billingDetails>;
export const billingDetailsResponse = z.object({ details: billingDetails.nullable(), invoicing: z.boolean() });

export const billingDocument = z.object({
  id: z.string(),
  kind: z.enum(documentKinds),
  number: z.string(),
  issued_at: z.string(),
  due_at: z.string().nullable(),
  /** receipts and credit notes: when issued; an invoice: when the transfer was marked received, null while payable */
  paid_at: z.string().nullable(),
  currency: z.string(),
  total_cents: z.number(),
  tax_cents: z.number(),
  description: z.string(),
  license_id: z.string().nullable(),
  pdf_sha256: z.string(),
  /** admin lists only */
  account_id: z.string().optional(),
  account_name: z.string().optional(),
});
export type BillingDocument = z.infer<typeof billingDocument>;
export const documentList = z.object({ documents: z.array(billingDocument) });

export const adminDocumentsPageSize = 50;
export const adminDocumentsFilters = z.object({
  search: listSearch,
  kind: z.enum(documentKinds).optional().describe('kind'),
  status: z.enum(['payable', 'paid']).optional().describe('status'),
  account: listAccount,
  from: z.iso.date('from must be a date such as 2026-01-31').optional().describe('from'),
  to: z.iso.date('to must be a date such as 2026-01-31').optional().describe('to'),
});
export type AdminDocumentsFilters = z.infer<typeof adminDocumentsFilters>;
export const adminDocumentsQuery = adminDocumentsFilters.extend({ page: listPage });
export const adminDocumentsExportQuery = adminDocumentsFilters.extend(csvFormat.shape);
export const adminDocumentsResponse = z.object({ documents: z.array(billingDocument), total: z.number(), total_pages: z.number() });

const documentParam = z.object({ id: z.uuid('Unknown document') }).describe('document id');

const route = routesOf('documents');

/** Billing details and documents: the account's own (owner, admin and billing roles; members are refused) and the admin's lists. */
export const documentsContract = {
  billingDetails: route('user', 'billing-details.get', 'GET /api/billing-details', {
    summary: "The account's billing details (null until saved) and whether documents are issued",
    responses: { 200: json('Billing details', billingDetailsResponse) },
  }),
  saveBillingDetails: route('user', 'billing-details.save', 'PUT /api/billing-details', {
    summary: "Save the account's billing details; documents issued from now on carry them (owner, admin, billing)",
    body: jsonBody(billingDetailsBody, 'billing details'),
    responses: { 200: json('Saved', billingDetails) },
  }),
  list: route('user', 'documents.list', 'GET /api/documents', {
    summary: "The account's invoices, receipts and credit notes, newest first (owner, admin, billing)",
    responses: { 200: json('Documents', documentList) },
  }),
  pdf: route('user', 'documents.pdf', 'GET /api/documents/{id}/pdf', {
    summary: "One of the account's documents as issued (PDF; its SHA-256 in the list)",
    params: documentParam,
    responses: { 200: file('PDF', 'application/pdf') },
  }),
  adminList: route('admin', 'admin.documents.list', 'GET /api/admin/documents', {
    summary: 'Every document, 50 a page: search by number or account, filter by kind, status, account and dates (admin)',
    query: adminDocumentsQuery,
    responses: { 200: json('A page of documents', adminDocumentsResponse) },
  }),
  adminExport: route('admin', 'admin.documents.export', 'GET /api/admin/documents/export', {
    summary: 'The documents matching the list filters as CSV, newest first; excel=1 adds a UTF-8 byte-order mark (admin)',
    query: adminDocumentsExportQuery,
    responses: { 200: file('CSV', 'text/csv') },
  }),
  adminPdf: route('admin', 'admin.documents.pdf', 'GET /api/admin/documents/{id}/pdf', {
    summary: 'Any document as issued (PDF) (admin)',
    params: documentParam,
    responses: { 200: file('PDF', 'application/pdf') },
  }),
};
