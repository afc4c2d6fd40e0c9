/**
 * The PDF as a customer's viewer and printer get it (issue 46): the paper size the document asks
 * for, every font inside the file (so it looks the same on any machine, accents included), and text
 * that can be selected and searched.
 */
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/support/invoicing';
import type { DocumentContent } from './content';
import { renderPdf } from './pdf';

const invoice = (paper: DocumentContent['paper']): DocumentContent => ({
  kind: 'invoice',
  number: 'INV-2026-000123',
  issuedAt: '2026-11-28T08:00:00Z',
  dueAt: '2026-12-28T08:00:00Z',
  currency: 'USD',
  paper,
  seller: { legalName: 'Helix Operator GmbH', address: 'Hauptstraße 1\n10115 Berlin', country: 'DE', taxId: 'DE123456789', email: null },
  buyer: { legalName: 'Société d’Électronique SAS', address: '1 rue de la Paix\n75002 Paris', country: 'FR', taxId: 'FR12345678901', email: null },
  lines: [{ description: 'Enterprise Pro license for Société d’Électronique SAS: 10 users, 0 GPUs, no support, 1 year', quantity: 1, unitCents: 1_200_000, amountCents: 1_200_000 }],
  netCents: 1_200_000,
  tax: null,
  totalCents: 1_200_000,
  reverseCharge: true,
  payment: { status: 'payable', method: 'bank transfer', wireReference: 'LP-7F3A9C21', bank: { accounts: [{ kind: 'international', rows: [['IBAN', 'GB82 WEST 1234 5698 7654 32']] }] } },
});

/** Width and height of the first page in points. */
async function pageSize(pdf: Buffer): Promise<[number, number]> {
  const [, , w, h] = (await (await getDocumentProxy(new Uint8Array(pdf))).getPage(1)).view;
  return [Math.round(w ?? 0), Math.round(h ?? 0)];
}

describe('document PDFs', () => {
  it('prints on A4 or Letter as the document asks', async () => {
    expect(await pageSize(await renderPdf(invoice('A4')))).toEqual([595, 842]);
    expect(await pageSize(await renderPdf(invoice('Letter')))).toEqual([612, 792]);
  });

  it('carries every font it uses inside the file and its text, accents included, can be selected', async () => {
    const pdf = await renderPdf(invoice('A4'));
    const raw = pdf.toString('latin1');
    // a composite font names its base font twice (Type0 and its CID font)
    const fonts = [...new Set([...raw.matchAll(/\/BaseFont \/([A-Za-z0-9+-]+)/g)].map((m) => m[1]))];
    // each a subset of DejaVu Sans (XXXXXX+DejaVuSans), with its TrueType program in the file
    expect(new Set(fonts.map((f) => f?.replace(/^[A-Z]{6}\+/, '')))).toEqual(new Set(['DejaVuSans', 'DejaVuSans-Bold']));
    expect(fonts.every((f) => /^[A-Z]{6}\+/.test(f ?? ''))).toBe(true);
    expect(raw.match(/\/FontFile2 /g)).toHaveLength(fonts.length);
    const text = await pdfText(pdf);
    for (const part of ['Invoice', 'INV-2026-000123', 'Hauptstraße 1', 'Société d’Électronique SAS', 'Wire reference: LP-7F3A9C21', 'Total (USD) $12,000.00']) expect(text).toContain(part);
  });
});
