/** Invoicing for tests: the operator's details and a bank account, and reading what a document's PDF says. */
import { extractText, getDocumentProxy } from 'unpdf';
import type { Invoicing } from '../../server/config';

/** INVOICING=on with an EU operator charging 19% and bank transfers offered. */
export const invoicingEnv = {
  INVOICING: 'on',
  OPERATOR_LEGAL_NAME: 'Helix Operator GmbH',
  OPERATOR_ADDRESS: 'Hauptstraße 1;10115 Berlin',
  OPERATOR_COUNTRY: 'DE',
  OPERATOR_TAX_ID: 'DE123456789',
  TAX_RATE_PERCENT: '19',
  INVOICE_FOOTER: 'Registered in Berlin, HRB 12345',
  BANK_NAME: 'Example Bank',
  BANK_ACCOUNT_NAME: 'Helix Operator GmbH',
  BANK_IBAN: 'GB82 WEST 1234 5698 7654 32',
  BANK_BIC: 'NWBKGB2L',
} as const;

/** The Invoicing configuration invoicingEnv gives (for tests that issue documents without a server). */
export const testInvoicing: Invoicing = {
  operator: {
    legalName: invoicingEnv.OPERATOR_LEGAL_NAME,
    address: invoicingEnv.OPERATOR_ADDRESS.replace(';', '\n'),
    country: invoicingEnv.OPERATOR_COUNTRY,
    taxId: invoicingEnv.OPERATOR_TAX_ID,
    email: undefined,
  },
  taxRatePercent: 19,
  footer: invoicingEnv.INVOICE_FOOTER,
  paper: 'auto',
  currency: 'USD',
  dueDays: 14,
};

/** A PDF's text as a reader selecting it gets it, with line breaks and runs of spaces as one space (a long line wraps). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Downloads a document's PDF with a bearer token (and the account header when given). */
export async function downloadPdf(server: { url: string }, path: string, token: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}
