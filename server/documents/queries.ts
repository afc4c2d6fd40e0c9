import { and, count, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AdminDocumentsFilters } from '../../shared/api/documents';
import type { DocumentKind } from '../../shared/documents/vocabulary';
import type { Db } from '../db/client';
import { containsPattern } from '../db/like';
import { billingDetails, billingDocuments, documentSequences, users } from '../db/schema';

export type DocumentRow = typeof billingDocuments.$inferSelect;
export type NewDocumentRow = typeof billingDocuments.$inferInsert;
export type BillingDetailsRow = typeof billingDetails.$inferSelect;
/** A document without its PDF bytes: what lists read. */
export type DocumentListRow = Omit<DocumentRow, 'pdf'> & { accountName: string };

/**
 * The next number of a kind in a year. The sequence row stays locked until the caller's
 * transaction ends, so numbers are given one transaction at a time and a rolled-back issue gives
 * its number back: no gaps, no duplicates.
 */
export async function nextSequence(tx: Db, kind: DocumentKind, year: number): Promise<number> {
  const [row] = await tx
    .insert(documentSequences)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({ target: [documentSequences.kind, documentSequences.year], set: { last: sql`${documentSequences.last} + 1` } })
    .returning({ last: documentSequences.last });
  if (!row) throw new Error('document sequence returned nothing');
  return row.last;
}

export async function insertDocument(tx: Db, row: NewDocumentRow): Promise<DocumentRow> {
  const [inserted] = await tx.insert(billingDocuments).values(row).returning();
  if (!inserted) throw new Error('document insert returned nothing');
  return inserted;
}

export async function documentBySource(db: Db, kind: DocumentKind, source: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.kind, kind), eq(billingDocuments.source, source)));
  return row;
}

/** An invoice not yet paid and not cancelled by a credit note. */
const isPayable = sql`${billingDocuments.kind} = 'invoice' and ${billingDocuments.paidAt} is null and not exists (select 1 from billing_documents c where c.corrects_id = ${billingDocuments.id})`;

/** The licence's invoice, when it is still payable. */
export async function payableInvoiceOfLicence(db: Db, licenseId: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.source, `licence:${licenseId}`), isPayable));
  return row;
}

/** Marks a licence's invoice paid (the one change an issued document allows, once). */
export async function markInvoicePaid(tx: Db, licenseId: string, at: Date): Promise<DocumentRow | undefined> {
  const [row] = await tx
    .update(billingDocuments)
    .set({ paidAt: at })
    .where(and(eq(billingDocuments.kind, 'invoice'), eq(billingDocuments.source, `licence:${licenseId}`), isNull(billingDocuments.paidAt)))
    .returning();
  return row;
}

export async function detailsOf(db: Db, accountId: string): Promise<BillingDetailsRow | undefined> {
  const [row] = await db.select().from(billingDetails).where(eq(billingDetails.accountId, accountId));
  return row;
}

/** The account's name when it has no billing details: a team's name, a person's e-mail. */
export async function accountName(db: Db, accountId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, accountId));
  return row?.email ?? accountId;
}

export async function saveDetails(db: Db, row: typeof billingDetails.$inferInsert): Promise<BillingDetailsRow> {
  const { accountId: _, ...set } = row;
  const [saved] = await db.insert(billingDetails).values(row).onConflictDoUpdate({ target: billingDetails.accountId, set }).returning();
  if (!saved) throw new Error('billing details upsert returned nothing');
  return saved;
}

const listColumns = {
  id: billingDocuments.id,
  accountId: billingDocuments.accountId,
  kind: billingDocuments.kind,
  number: billingDocuments.number,
  year: billingDocuments.year,
  seq: billingDocuments.seq,
  source: billingDocuments.source,
  licenseId: billingDocuments.licenseId,
  checkoutId: billingDocuments.checkoutId,
  correctsId: billingDocuments.correctsId,
  currency: billingDocuments.currency,
  totalCents: billingDocuments.totalCents,
  taxCents: billingDocuments.taxCents,
  content: billingDocuments.content,
  pdfSha256: billingDocuments.pdfSha256,
  issuedAt: billingDocuments.issuedAt,
  dueAt: billingDocuments.dueAt,
  paidAt: billingDocuments.paidAt,
  accountName: users.email,
};

export function documentsOfAccount(db: Db, accountId: string): Promise<DocumentListRow[]> {
  return db
    .select(listColumns)
    .from(billingDocuments)
    .innerJoin(users, eq(users.id, billingDocuments.accountId))
    .where(eq(billingDocuments.accountId, accountId))
    .orderBy(desc(billingDocuments.issuedAt), desc(billingDocuments.number));
}

export async function documentPdf(db: Db, id: string, accountId?: string): Promise<Pick<DocumentRow, 'pdf' | 'number'> | undefined> {
  const [row] = await db
    .select({ pdf: billingDocuments.pdf, number: billingDocuments.number })
    .from(billingDocuments)
    .where(and(eq(billingDocuments.id, id), accountId ? eq(billingDocuments.accountId, accountId) : undefined));
  return row;
}

const dayMs = 86_400_000;

export function documentConditions(f: AdminDocumentsFilters): SQL | undefined {
  const search = f.search ? containsPattern(f.search) : undefined;
  return and(
    search ? or(ilike(billingDocuments.number, search), ilike(users.email, search), sql`${billingDocuments.content}->'buyer'->>'legalName' ilike ${search}`) : undefined,
    f.kind ? eq(billingDocuments.kind, f.kind) : undefined,
    f.status === 'payable' ? isPayable : f.status === 'paid' ? sql`not (${isPayable})` : undefined,
    f.account ? eq(billingDocuments.accountId, f.account) : undefined,
    f.from ? gte(billingDocuments.issuedAt, new Date(`${f.from}T00:00:00Z`)) : undefined,
    f.to ? lt(billingDocuments.issuedAt, new Date(new Date(`${f.to}T00:00:00Z`).getTime() + dayMs)) : undefined,
  );
}

export async function adminDocumentsPage(db: Db, f: AdminDocumentsFilters, page: number, pageSize: number): Promise<{ rows: DocumentListRow[]; total: number }> {
  const where = documentConditions(f);
  const [rows, [totals]] = await Promise.all([
    db
      .select(listColumns)
      .from(billingDocuments)
      .innerJoin(users, eq(users.id, billingDocuments.accountId))
      .where(where)
      .orderBy(desc(billingDocuments.issuedAt), desc(billingDocuments.number))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(billingDocuments).innerJoin(users, eq(users.id, billingDocuments.accountId)).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

/** One page of the export, newest first, after the row `after` (issued time, then number). */
export function documentsExportPage(db: Db, f: AdminDocumentsFilters, limit: number, after?: DocumentListRow): Promise<DocumentListRow[]> {
  const older = after ? sql`(${billingDocuments.issuedAt}, ${billingDocuments.number}) < (${after.issuedAt.toISOString()}::timestamptz, ${after.number})` : undefined;
  return db
    .select(listColumns)
    .from(billingDocuments)
    .innerJoin(users, eq(users.id, billingDocuments.accountId))
    .where(and(documentConditions(f), older))
    .orderBy(desc(billingDocuments.issuedAt), desc(billingDocuments.number))
    .limit(limit);
}
