import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { formatCents } from '../../shared/api/billing';
import { documentKindLabels } from '../../shared/documents/vocabulary';
import { formatDate } from '../../shared/format/dates';
import type { DocumentContent, Party } from './content';

// DejaVu Sans (Bitstream Vera licence: free to embed and redistribute), from the npm package: embedded
// as a subset, so the PDF shows the same letters everywhere (any name or address, accents included)
// and its text can be selected and searched.
const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const regular = path.join(fontDir, 'DejaVuSans.ttf');
const bold = path.join(fontDir, 'DejaVuSans-Bold.ttf');

const money = (cents: number, currency: string) => (currency === 'USD' ? formatCents(cents) : `${(cents / 100).toFixed(2)} ${currency}`);

const partyLines = (p: Party): string[] => [...p.address.split('\n'), ...(p.country ? [p.country] : []), ...(p.taxId ? [`Tax ID: ${p.taxId}`] : []), ...(p.email ? [p.email] : [])];

/**
 * Renders a document once, at issue: the bytes stored are what every later download answers.
 * The creation date is the issue time, so the same content renders to the same kind of file.
 */
export function renderPdf(c: DocumentContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: c.paper === 'Letter' ? 'LETTER' : 'A4',
    margin: 56,
    info: { Title: `${documentKindLabels[c.kind]} ${c.number}`, Author: c.seller.legalName, CreationDate: new Date(c.issuedAt) },
    autoFirstPage: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('bold').fontSize(20).text(documentKindLabels[c.kind], left, 56);
  doc.font('regular').fontSize(10).text(c.number, { continued: false });
  doc.moveDown(0.5);
  const facts: [string, string][] = [
    ['Date of issue', formatDate(c.issuedAt, 'UTC')],
    ...(c.dueAt ? ([['Due date', formatDate(c.dueAt, 'UTC')]] as [string, string][]) : []),
    ...(c.corrects ? ([['Corrects', c.corrects]] as [string, string][]) : []),
    ['Status', c.payment.status === 'payable' ? 'Payable' : c.payment.status === 'refunded' ? 'Refunded' : `Paid by ${c.payment.method}`],
  ];
  for (const [k, v] of facts) doc.font('regular').text(`${k}: ${v}`);

  const partiesTop = doc.y + 16;
  const half = width / 2 - 8;
  doc.font('bold').text('From', left, partiesTop, { width: half });
  doc.font('regular').text(c.seller.legalName, { width: half });
  for (const l of partyLines(c.seller)) doc.text(l, { width: half });
  const sellerBottom = doc.y;
  doc.font('bold').text('Bill to', left + half + 16, partiesTop, { width: half });
  doc.font('regular').text(c.buyer.legalName, { width: half });
  for (const l of partyLines(c.buyer)) doc.text(l, { width: half });
  let y = Math.max(sellerBottom, doc.y) + 24;

  const cols = { description: left, quantity: left + width * 0.6, unit: left + width * 0.7, amount: left + width * 0.85 };
  const colWidth = { description: width * 0.58, quantity: width * 0.1, unit: width * 0.15, amount: width * 0.15 };
  const row = (cells: [string, string, string, string], font: 'regular' | 'bold') => {
    doc.font(font);
    const h = doc.heightOfString(cells[0], { width: colWidth.description });
    doc.text(cells[0], cols.description, y, { width: colWidth.description });
    doc.text(cells[1], cols.quantity, y, { width: colWidth.quantity, align: 'right' });
    doc.text(cells[2], cols.unit, y, { width: colWidth.unit, align: 'right' });
    doc.text(cells[3], cols.amount, y, { width: colWidth.amount, align: 'right' });
    y += h + 6;
  };
  row(['Description', 'Qty', 'Unit price', 'Amount'], 'bold');
  doc
    .moveTo(left, y - 3)
    .lineTo(left + width, y - 3)
    .stroke();
  for (const l of c.lines) row([l.description, String(l.quantity), money(l.unitCents, c.currency), money(l.amountCents, c.currency)], 'regular');
  doc
    .moveTo(left, y - 3)
    .lineTo(left + width, y - 3)
    .stroke();
  const total = (label: string, cents: number, font: 'regular' | 'bold') => {
    doc.font(font).text(label, cols.quantity - width * 0.1, y, { width: width * 0.35, align: 'right' });
    doc.text(money(cents, c.currency), cols.amount, y, { width: colWidth.amount, align: 'right' });
    y += 16;
  };
  if (c.tax) {
    total('Subtotal', c.netCents, 'regular');
    total(`Tax (${c.tax.ratePercent}%)`, c.tax.cents, 'regular');
  }
  total(`Total (${c.currency})`, c.totalCents, 'bold');

  doc.font('regular').text('', left, y + 12, { width });
  if (c.reverseCharge) doc.text('Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).', { width });
  if (c.payment.status === 'payable' && c.payment.bank) {
    doc.moveDown(0.5).font('bold').text('Pay by bank transfer', { width });
    if (c.payment.wireReference) doc.font('regular').text(`Wire reference: ${c.payment.wireReference} (please quote it with your payment)`, { width });
    for (const account of c.payment.bank.accounts) {
      doc.moveDown(0.3);
      for (const [k, v] of account.rows) doc.font('regular').text(`${k}: ${v}`, { width });
    }
  }
  if (c.footer) doc.moveDown(1).fontSize(8).font('regular').text(c.footer, { width });
  doc.end();
  return done;
}
