import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { teams } from '../db/schema';

/** A team account's name, deleted ones too (their customer page still shows the ledger and audit); undefined for any other id. */
export async function teamOfAccount(db: Db, accountId: string): Promise<{ name: string; deletedAt: Date | null } | undefined> {
  const [row] = await db.select({ name: teams.name, deletedAt: teams.deletedAt }).from(teams).where(eq(teams.accountId, accountId));
  return row;
}
