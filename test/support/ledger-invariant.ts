import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

/** Every user's balance equals the sum of their ledger rows, and none is below zero. */
export async function ledgerInvariant(db: Db): Promise<{ users: number; mismatches: number; negative: number }> {
  // Both drivers answer `{ rows }`.
  const { rows } = (await db.execute(sql`
    select u.id,
      coalesce((select b.balance_cents from balances b where b.user_id = u.id), 0) as balance,
      coalesce((select sum(l.amount_cents) from ledger_entries l where l.user_id = u.id), 0) as ledger
    from users u`)) as unknown as { rows: { id: string; balance: string | number; ledger: string | number }[] };
  return {
    users: rows.length,
    mismatches: rows.filter((r) => Number(r.balance) !== Number(r.ledger)).length,
    negative: rows.filter((r) => Number(r.balance) < 0).length,
  };
}
