import { and, eq, inArray, sql } from 'drizzle-orm';
import { monthStart } from '../../shared/billing/spend-limit';
import type { Db } from '../db/client';
import { balances, deployments, ledgerEntries } from '../db/schema';
import { lockBalanceRow } from './ledger';

/** What an account spends: usage charges less the refunds of failed deployments. */
const spendKinds = sql`${ledgerEntries.kind} in ('usage', 'refund')`;
const spentCents = sql<string>`coalesce(sum(-${ledgerEntries.amountCents}), 0)`;

/** The account's spend in the UTC month of `now` (what its monthly spend limit counts). */
export async function monthSpend(db: Db, accountId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ cents: spentCents })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, accountId), spendKinds, sql`${ledgerEntries.createdAt} >= ${monthStart(now).toISOString()}::timestamptz`));
  return Number(row?.cents ?? 0);
}

export async function spendLimitOf(db: Db, accountId: string): Promise<number | null> {
  const [row] = await db.select({ limit: balances.monthlySpendLimitCents }).from(balances).where(eq(balances.userId, accountId));
  return row?.limit ?? null;
}

/** Sets (or with null removes) the account's limit, under its balance lock so a create in flight sees the old or the new one whole. */
export function saveSpendLimit(db: Db, accountId: string, limitCents: number | null, at: Date): Promise<void> {
  return db.transaction(async (tx) => {
    await lockBalanceRow(tx, accountId);
    await tx.update(balances).set({ monthlySpendLimitCents: limitCents, updatedAt: at }).where(eq(balances.userId, accountId));
  });
}

/** Each deployment's cost so far: its charges less its refund, from the ledger. */
export async function costsOf(db: Db, deploymentIds: string[]): Promise<Map<string, number>> {
  if (deploymentIds.length === 0) return new Map();
  const rows = await db
    .select({ id: ledgerEntries.reference, cents: spentCents })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.reference, deploymentIds), spendKinds))
    .groupBy(ledgerEntries.reference);
  return new Map(rows.map((r) => [r.id ?? '', Number(r.cents)]));
}

/** Spend that names no deployment (none is charged so today; an administrator's correction might be). */
export const otherCharges = 'Other charges';

export interface SpendRow {
  date: string;
  deploymentId: string;
  name: string;
  cents: number;
}

/** The account's spend per UTC day and deployment since `from`, oldest day first, then by name. */
export async function spendByDayAndDeployment(db: Db, accountId: string, from: Date): Promise<SpendRow[]> {
  const day = sql<string>`to_char(date_trunc('day', ${ledgerEntries.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date: day, deploymentId: ledgerEntries.reference, name: sql<string | null>`max(${deployments.name})`, cents: spentCents })
    .from(ledgerEntries)
    .leftJoin(deployments, sql`${deployments.id}::text = ${ledgerEntries.reference}`)
    .where(and(eq(ledgerEntries.userId, accountId), spendKinds, sql`${ledgerEntries.createdAt} >= ${from.toISOString()}::timestamptz`))
    .groupBy(sql`1`, ledgerEntries.reference);
  return rows
    .map((r) => ({ date: r.date, deploymentId: r.deploymentId ?? '', name: r.name ?? (r.deploymentId ? r.deploymentId : otherCharges), cents: Number(r.cents) }))
    .filter((r) => r.cents !== 0)
    .sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
}
