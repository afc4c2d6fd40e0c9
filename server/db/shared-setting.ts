import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { installationSettings } from './schema';

/**
 * A value every instance on the database shares, made once: the first caller creates it under a
 * transaction-scoped advisory lock and the others (starting at the same moment included) wait for
 * the lock and read that one row. `create` runs only when the row is missing.
 */
export async function sharedSetting(db: Db, key: string, create: () => Promise<string> | string): Promise<{ value: string; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`launchpad:setting:${key}`}))`);
    const [row] = await tx.select({ value: installationSettings.value }).from(installationSettings).where(eq(installationSettings.key, key));
    if (row) return { value: row.value, created: false };
    const value = await create();
    await tx.insert(installationSettings).values({ key, value });
    return { value, created: true };
  });
}
