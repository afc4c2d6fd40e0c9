import { Readable } from 'node:stream';
import { isoTimestamp } from '../../shared/format/dates';
import type { CsvFormat } from '../../shared/api/list-query';
import type { RouteContext } from './register';

/** A cell a spreadsheet would run as a formula (or that starts with a tab or CR) gets a leading `'` (OWASP CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One cell, RFC 4180: quoted when it holds a comma, quote or line break; null and undefined are
 * empty. Numbers are written as numbers (a negative amount is data a spreadsheet must add up, and
 * no number can be a formula); times are ISO 8601 (shared/format/dates.ts); every text is held to the
 * formula rule.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  let text = value instanceof Date ? isoTimestamp(value) : typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean);
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Rows read page by page, each page starting after the last row of the one before (keyset paging),
 * so an export of any size holds one page in memory.
 */
export async function* pagesOf<T>(readPage: (after: T | undefined) => Promise<T[]>, pageSize: number): AsyncGenerator<T[]> {
  let after: T | undefined;
  for (;;) {
    const page = await readPage(after);
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1];
  }
}

export interface CsvExport<T> {
  filename: string;
  header: readonly string[];
  pages: AsyncIterable<T[]>;
  cells(row: T): readonly unknown[];
}

/** The header line, then one chunk per page. */
export async function* csvChunks<T>(out: CsvExport<T>): AsyncGenerator<string> {
  yield csvLine(out.header);
  for await (const page of out.pages) yield page.map((row) => csvLine(out.cells(row))).join('');
}

/**
 * Excel decodes a CSV opened by double-click in the machine's legacy code page unless the file
 * starts with a UTF-8 byte-order mark; other readers (scripts, databases) would keep the mark as
 * part of the first header, so it is only sent when asked for (`excel=1`).
 */
export const utf8Bom = '\uFEFF';

async function* withBom(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  yield utf8Bom;
  yield* chunks;
}

/** `deployments-2026-11-24.csv` → `deployments-2026-11-24-excel.csv` */
const excelName = (filename: string) => filename.replace(/(\.csv)?$/, '-excel.csv');

/**
 * Answers a streamed CSV download: the stream is the body, pulled page by page as the client reads.
 * Every export goes through here, so every one offers the Excel variant the same way.
 */
export function sendCsv<T>(ctx: RouteContext, out: CsvExport<T>, format: CsvFormat = {}): Readable {
  const filename = format.excel ? excelName(out.filename) : out.filename;
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`);
  ctx.set('Cache-Control', 'no-store');
  return csvStream(out, format);
}

/** The file's text as a stream of UTF-8 strings, the mark first for Excel. */
export const csvStream = <T>(out: CsvExport<T>, format: CsvFormat = {}): Readable => Readable.from(format.excel ? withBom(csvChunks(out)) : csvChunks(out));

/** `name-2026-11-24.csv` */
export const csvFilename = (name: string, now: Date) => `${name}-${now.toISOString().slice(0, 10)}.csv`;
