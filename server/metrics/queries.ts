import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { balances, jobLeases, ledgerEntries } from '../db/schema';

export interface MetricsDb {
  db: Db;
  clock: Clock;
}

/** Seconds each job is past its next due time, cluster-wide (the leases are shared); 0 when on time. */
export async function jobLagSeconds(o: MetricsDb): Promise<{ job: string; seconds: number }[]> {
  const now = o.clock.now().getTime();
  const rows = await o.db.select({ name: jobLeases.name, nextRunAt: jobLeases.nextRunAt }).from(jobLeases);
  return rows.map((r) => ({ job: r.name, seconds: Math.max(0, (now - r.nextRunAt.getTime()) / 1000) }));
}

/** Ledger sums by kind: summed on each scrape, so the figures are the database's, not one instance's. */
export async function ledgerByKind(o: MetricsDb): Promise<{ kind: string; cents: number }[]> {
  const rows = await o.db
    .select({ kind: ledgerEntries.kind, cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.kind);
  return rows.map((r) => ({ kind: r.kind, cents: Number(r.cents) }));
}

export async function balancesSum(o: MetricsDb): Promise<number> {
  const [row] = await o.db.select({ cents: sql<string>`coalesce(sum(${balances.balanceCents}), 0)` }).from(balances);
  return Number(row?.cents ?? 0);
}
