import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { balances, ledgerEntries } from '../db/schema';
import { HttpError } from '../http/errors';

export type LedgerKind = 'free_credit' | 'topup' | 'admin_topup' | 'usage' | 'refund';
export type LedgerRow = typeof ledgerEntries.$inferSelect;

export interface Movement {
  userId: string;
  /** positive credit, negative debit */
  amountCents: number;
  kind: LedgerKind;
  /** the same key again is the same movement: it is applied once */
  idempotencyKey: string;
  reference?: string | null;
  description: string;
  at?: Date;
  /** debits only: refuse instead of taking the balance below zero */
  mustCover?: boolean;
}

export class InsufficientFundsError extends HttpError {
  constructor(
    public readonly balanceCents: number,
    public readonly neededCents: number,
  ) {
    super(402, `Insufficient balance: $${(balanceCents / 100).toFixed(2)} available, $${(neededCents / 100).toFixed(2)} needed`);
  }
}

/**
 * The only way money moves: one transaction locks the user's balance row, refuses a movement
 * already applied (same idempotency key), appends the entry and updates the balance together.
 */
export async function record(db: Db, m: Movement): Promise<{ entry: LedgerRow; applied: boolean }> {
  if (!Number.isSafeInteger(m.amountCents) || m.amountCents === 0) throw new Error(`ledger amounts are non-zero whole cents, got ${m.amountCents}`);
  return db.transaction(async (tx) => {
    await tx.insert(balances).values({ userId: m.userId, balanceCents: 0 }).onConflictDoNothing();
    const [locked] = await tx.select().from(balances).where(eq(balances.userId, m.userId)).for('update');
    if (!locked) throw new Error('balance row missing after insert');
    const [existing] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, m.idempotencyKey));
    if (existing) return { entry: existing, applied: false };
    const after = locked.balanceCents + m.amountCents;
    if (m.mustCover && m.amountCents < 0 && after < 0) throw new InsufficientFundsError(locked.balanceCents, -m.amountCents);
    const at = m.at ?? new Date();
    const [entry] = await tx
      .insert(ledgerEntries)
      .values({ userId: m.userId, amountCents: m.amountCents, balanceAfterCents: after, kind: m.kind, idempotencyKey: m.idempotencyKey, reference: m.reference ?? null, description: m.description, createdAt: at })
      .returning();
    if (!entry) throw new Error('ledger insert returned nothing');
    await tx.update(balances).set({ balanceCents: after, updatedAt: at }).where(eq(balances.userId, m.userId));
    return { entry, applied: true };
  });
}

export async function balanceOf(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ cents: balances.balanceCents }).from(balances).where(eq(balances.userId, userId));
  return row?.cents ?? 0;
}

/** Newest first; the cursor is the last row's `created_at|id`. */
export async function entriesPage(db: Db, userId: string, limit: number, cursor: { at: Date; id: string } | undefined): Promise<LedgerRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        cursor ? or(lt(ledgerEntries.createdAt, cursor.at), and(eq(ledgerEntries.createdAt, cursor.at), lt(ledgerEntries.id, cursor.id))) : undefined,
      ),
    )
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limit);
}

/** Usage charges less refunds per UTC day since `from`. */
export async function dailySpend(db: Db, userId: string, from: Date): Promise<{ date: string; cents: number }[]> {
  const rows = await db
    .select({ date: sql<string>`to_char(date_trunc('day', ${ledgerEntries.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`, cents: sql<string>`sum(-${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), sql`${ledgerEntries.kind} in ('usage', 'refund')`, sql`${ledgerEntries.createdAt} >= ${from.toISOString()}::timestamptz`))
    .groupBy(sql`1`);
  return rows.map((r) => ({ date: r.date, cents: Number(r.cents) }));
}
