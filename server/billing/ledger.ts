import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { balances, ledgerEntries } from '../db/schema';
import { PaymentRequired } from '../domain-errors';
import { exactTime, olderThan, olderThanDate } from '../db/keyset';

export type LedgerKind = 'free_credit' | 'topup' | 'admin_topup' | 'usage' | 'refund' | 'transfer';
export type LedgerRow = typeof ledgerEntries.$inferSelect;

export interface Movement {
  /** whose balance: a person's or a team's account */
  accountId: string;
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

export class InsufficientFundsError extends PaymentRequired {
  constructor(
    public readonly balanceCents: number,
    public readonly neededCents: number,
  ) {
    super(`Insufficient balance: $${(balanceCents / 100).toFixed(2)} available, $${(neededCents / 100).toFixed(2)} needed`);
  }
}

/** What became of one movement of a batch. */
export type Outcome =
  | { status: 'applied'; entry: LedgerRow }
  /** the idempotency key was used before: nothing changed */
  | { status: 'existing'; entry: LedgerRow }
  /** a covered debit the balance could not pay: nothing changed */
  | { status: 'refused'; balanceCents: number }
  /** not tried: an earlier movement of the same group was refused */
  | { status: 'skipped' };

/**
 * The only way money moves: one transaction locks the account's balance row, looks up which keys
 * were applied before, then appends the new entries in order (each `balance_after_cents`
 * following the one before) and writes the balance once. A refused covered debit leaves the
 * balance as it was; later movements of the same `group` (one deployment's hours) are skipped,
 * other movements still apply. Batching an account's movements is what lets the metering job charge
 * thousands of deployments an hour in a few round trips per user.
 */
export async function recordMany(db: Db, accountId: string, movements: (Omit<Movement, 'accountId'> & { group?: string })[]): Promise<Outcome[]> {
  if (movements.length === 0) return [];
  return db.transaction((tx) => applyMovements(tx, accountId, movements));
}

/** A user's first balance row: no money yet, and the hourly burn of deployments made before it (seeded ones). */
const newBalance = (accountId: string) => ({
  userId: accountId,
  balanceCents: 0,
  hourlyBurnCents: sql<number>`(select coalesce(sum(deployment_billed_cents(d.status, d.deleted_at, d.hourly_rate_cents)), 0) from deployments d where d.user_id = ${accountId}::uuid)`,
});

/**
 * Locks the user's balance row (creating it at 0 if missing) until the end of the caller's
 * transaction and answers the balance. Every writer of a user's money takes this lock first, so
 * whatever the caller checks and writes after it is serialised with every other movement.
 */
export async function lockBalance(tx: Db, accountId: string): Promise<number> {
  return (await lockBalanceRow(tx, accountId)).balanceCents;
}

/** The same, answering the whole row (whether the free credit was given, too). */
export async function lockBalanceRow(tx: Db, accountId: string): Promise<typeof balances.$inferSelect> {
  await tx.insert(balances).values(newBalance(accountId)).onConflictDoNothing();
  const [locked] = await tx.select().from(balances).where(eq(balances.userId, accountId)).for('update');
  if (!locked) throw new Error('balance row missing after insert');
  return locked;
}

type GroupedMovement = Omit<Movement, 'accountId'> & { group?: string };

/** One account's movements of a batch. */
export interface AccountMovements {
  accountId: string;
  movements: GroupedMovement[];
}

/** `recordMany` inside a transaction the caller holds (which may have locked the balance already: the lock is re-entrant). */
export async function applyMovements(tx: Db, accountId: string, movements: GroupedMovement[]): Promise<Outcome[]> {
  return (await applyForAccounts(tx, [{ accountId, movements }]))[0] ?? [];
}

/**
 * `recordMany` for many users in one transaction, each statement covering all of them: the
 * metering job charges a thousand users' hours in a handful of round trips instead of a few per
 * user. Balance rows are locked in user-id order, so two such batches cannot deadlock.
 */
export function recordForAccounts(db: Db, batches: AccountMovements[]): Promise<Outcome[][]> {
  if (batches.every((b) => b.movements.length === 0)) return Promise.resolve(batches.map(() => []));
  return db.transaction((tx) => applyForAccounts(tx, batches));
}

/** What one user's movements become given their locked balance and the keys applied before. */
function planFor(accountId: string, startBalance: number, movements: GroupedMovement[], existing: Map<string, LedgerRow>) {
  let balance = startBalance;
  let lastAt: Date | undefined;
  const refusedGroups = new Set<string>();
  const pending = new Map<string, typeof ledgerEntries.$inferInsert>();
  const plan: ({ key: string; repeat?: true } | Outcome)[] = movements.map((m) => {
    if (m.group !== undefined && refusedGroups.has(m.group)) return { status: 'skipped' };
    const seen = existing.get(m.idempotencyKey);
    if (seen) return { status: 'existing', entry: seen };
    if (pending.has(m.idempotencyKey)) return { key: m.idempotencyKey, repeat: true };
    const after = balance + m.amountCents;
    if (m.mustCover && m.amountCents < 0 && after < 0) {
      if (m.group !== undefined) refusedGroups.add(m.group);
      return { status: 'refused', balanceCents: balance };
    }
    balance = after;
    lastAt = m.at ?? new Date();
    pending.set(m.idempotencyKey, {
      userId: accountId,
      amountCents: m.amountCents,
      balanceAfterCents: after,
      kind: m.kind,
      idempotencyKey: m.idempotencyKey,
      reference: m.reference ?? null,
      description: m.description,
      createdAt: lastAt,
    });
    return { key: m.idempotencyKey };
  });
  return { plan, rows: [...pending.values()], balance, lastAt };
}

/** Rows per statement: well under PostgreSQL's 65,535 bind parameters at 8 columns a row. */
const rowsPerStatement = 1000;

/** `recordForAccounts` inside a transaction the caller holds (a move of credit: both sides, or neither). */
export async function applyForAccounts(tx: Db, batches: AccountMovements[]): Promise<Outcome[][]> {
  for (const m of batches.flatMap((b) => b.movements)) {
    if (!Number.isSafeInteger(m.amountCents) || m.amountCents === 0) throw new Error(`ledger amounts are non-zero whole cents, got ${m.amountCents}`);
  }
  const accountIds = [...new Set(batches.filter((b) => b.movements.length > 0).map((b) => b.accountId))].sort();
  if (accountIds.length === 0) return batches.map(() => []);
  await tx.insert(balances).values(accountIds.map(newBalance)).onConflictDoNothing();
  const locked = await tx.select().from(balances).where(inArray(balances.userId, accountIds)).orderBy(balances.userId).for('update');
  const balanceOfAccount = new Map(locked.map((b) => [b.userId, b.balanceCents]));
  const keys = [...new Set(batches.flatMap((b) => b.movements.map((m) => m.idempotencyKey)))];
  const existing = new Map<string, LedgerRow>();
  for (let i = 0; i < keys.length; i += rowsPerStatement) {
    for (const e of await tx
      .select()
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.idempotencyKey, keys.slice(i, i + rowsPerStatement))))
      existing.set(e.idempotencyKey, e);
  }

  // Users appear once per batch entry; a user in two entries continues from the first one's balance.
  const plans = batches.map((b) => {
    const planned = planFor(b.accountId, balanceOfAccount.get(b.accountId) ?? 0, b.movements, existing);
    balanceOfAccount.set(b.accountId, planned.balance);
    for (const row of planned.rows) existing.set(row.idempotencyKey, row as LedgerRow);
    return planned;
  });
  const rows = plans.flatMap((p) => p.rows);
  const inserted = new Map<string, LedgerRow>();
  for (let i = 0; i < rows.length; i += rowsPerStatement) {
    for (const e of await tx
      .insert(ledgerEntries)
      .values(rows.slice(i, i + rowsPerStatement))
      .returning())
      inserted.set(e.idempotencyKey, e);
  }
  const changed = new Map<string, { cents: number; at: Date }>();
  for (const [i, p] of plans.entries()) if (p.rows.length > 0 && p.lastAt) changed.set(batches[i]?.accountId ?? '', { cents: p.balance, at: p.lastAt });
  if (changed.size > 0) {
    const values = sql.join(
      [...changed].map(([accountId, c]) => sql`(${accountId}::uuid, ${c.cents}::bigint, ${c.at.toISOString()}::timestamptz)`),
      sql`, `,
    );
    await tx.execute(sql`update ${balances} set balance_cents = v.cents, updated_at = v.at from (values ${values}) as v(user_id, cents, at) where ${balances.userId} = v.user_id`);
  }
  return plans.map(({ plan }) =>
    plan.map((p): Outcome => {
      // an entry planned by an earlier batch entry of the same user is found as inserted
      if (!('key' in p)) return p.status === 'existing' ? { status: 'existing', entry: inserted.get(p.entry.idempotencyKey) ?? p.entry } : p;
      const entry = inserted.get(p.key);
      if (!entry) throw new Error('ledger insert returned nothing');
      // the same key twice in one batch: the first applies, the second finds it
      return p.repeat ? { status: 'existing', entry } : { status: 'applied', entry };
    }),
  );
}

/** One movement; a covered debit the balance cannot pay throws the 402 InsufficientFundsError. */
export async function record(db: Db, m: Movement): Promise<{ entry: LedgerRow; applied: boolean }> {
  const [outcome] = await recordMany(db, m.accountId, [m]);
  if (!outcome) throw new Error('no outcome for the movement');
  if (outcome.status === 'refused') throw new InsufficientFundsError(outcome.balanceCents, -m.amountCents);
  if (outcome.status === 'skipped') throw new Error('a single movement cannot be skipped');
  return { entry: outcome.entry, applied: outcome.status === 'applied' };
}

export async function balanceOf(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ cents: balances.balanceCents }).from(balances).where(eq(balances.userId, accountId));
  return row?.cents ?? 0;
}

/** Newest first; the cursor is the last row's `created_at|id`. */
export async function entriesPage(db: Db, accountId: string, limit: number, cursor: { at: Date; id: string } | undefined): Promise<LedgerRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, accountId), olderThanDate(ledgerEntries.createdAt, ledgerEntries.id, cursor)))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limit);
}

/** The user's entries a page at a time, newest first, after the last of the page before (the CSV export). */
export function entriesExportPage(db: Db, accountId: string, limit: number, after: { atText: string; id: string } | undefined) {
  return db
    .select({ atText: exactTime(ledgerEntries.createdAt), id: ledgerEntries.id, entry: ledgerEntries })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, accountId), olderThan(ledgerEntries.createdAt, ledgerEntries.id, after)))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limit);
}

/** Usage charges less refunds per UTC day since `from`. */
export async function dailySpend(db: Db, accountId: string, from: Date): Promise<{ date: string; cents: number }[]> {
  const rows = await db
    .select({ date: sql<string>`to_char(date_trunc('day', ${ledgerEntries.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`, cents: sql<string>`sum(-${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, accountId), sql`${ledgerEntries.kind} in ('usage', 'refund')`, sql`${ledgerEntries.createdAt} >= ${from.toISOString()}::timestamptz`))
    .groupBy(sql`1`);
  return rows.map((r) => ({ date: r.date, cents: Number(r.cents) }));
}
