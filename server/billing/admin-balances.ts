import { and, asc, count, desc, eq, gt, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { AdminBalanceSortKey, AdminBalancesFilters } from '../../shared/api/billing';
import type { Db } from '../db/client';
import { containsPattern } from '../db/like';
import { balances, users } from '../db/schema';

const signs = { positive: gt(balances.balanceCents, 0), zero: eq(balances.balanceCents, 0), negative: lt(balances.balanceCents, 0) };

function balanceConditions(f: AdminBalancesFilters): SQL | undefined {
  return and(f.search ? ilike(users.email, containsPattern(f.search)) : undefined, f.balance ? signs[f.balance] : undefined, f.account ? eq(balances.userId, f.account) : undefined);
}

const sortColumns: Record<AdminBalanceSortKey, SQL> = {
  email: sql`lower(${users.email})`,
  balance: sql`${balances.balanceCents}`,
  updated: sql`${balances.updatedAt}`,
};

const columns = { userId: balances.userId, email: users.email, balanceCents: balances.balanceCents, updatedAt: balances.updatedAt };

/** One page of All balances in the chosen order (by e-mail by default), with the count of all matches. */
export async function adminBalancesPage(db: Db, f: AdminBalancesFilters, page: number, size: number) {
  const where = balanceConditions(f);
  const dir = f.dir === 'desc' ? desc : asc;
  const [[c], rows] = await Promise.all([
    db.select({ n: count() }).from(balances).innerJoin(users, eq(users.id, balances.userId)).where(where),
    db
      .select(columns)
      .from(balances)
      .innerJoin(users, eq(users.id, balances.userId))
      .where(where)
      .orderBy(dir(sortColumns[f.sort ?? 'email']), asc(balances.userId))
      .limit(size)
      .offset((page - 1) * size),
  ]);
  return { rows, total: c?.n ?? 0 };
}

/** The balances matching the filters a page at a time, by user id, after the last row of the page before (the CSV export). */
export function balancesExportPage(db: Db, f: AdminBalancesFilters, limit: number, after: { userId: string } | undefined) {
  return db
    .select(columns)
    .from(balances)
    .innerJoin(users, eq(users.id, balances.userId))
    .where(and(balanceConditions(f), after ? gt(balances.userId, after.userId) : undefined))
    .orderBy(asc(balances.userId))
    .limit(limit);
}
