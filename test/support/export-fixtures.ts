import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

/** What a hostile user could put in a text field that ends up in an export. */
export const hostileDescription = '=HYPERLINK("http://evil.example","click")';

/**
 * `count` ledger entries for the user, 100 µs apart back from now (ten in a millisecond, so paging
 * that kept only milliseconds would skip rows); every 1,000th has a hostile description.
 */
export async function fillLedger(db: Db, userId: string, count: number): Promise<void> {
  await db.execute(sql`
    insert into ledger_entries (user_id, amount_cents, balance_after_cents, kind, idempotency_key, description, created_at)
    select ${userId}::uuid, -1, ${count} - g, 'usage', 'export-test-' || g,
           case when g % 1000 = 0 then ${hostileDescription} else 'Hour ' || g end,
           now() - make_interval(secs => g / 10000.0)
    from generate_series(1, ${count}) g`);
}
