import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, users } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(db: Db, row: { userId: string; name: string; prefix: string; keyHash: string }): Promise<ApiKeyRow> {
  const [inserted] = await db.insert(apiKeys).values(row).returning();
  if (!inserted) throw new Error('api key insert returned nothing');
  return inserted;
}

/** Locks the user's row for the rest of the transaction and counts their active keys (the cap's check). */
export async function lockAndCountActiveKeys(tx: Db, userId: string): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const rows = await tx.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return rows.length;
}

export function listActiveApiKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
}

/** Revokes one of the user's own keys; false when there is no such active key of theirs. */
export async function revokeApiKey(db: Db, userId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export async function findActiveKeyOwner(db: Db, keyHash: string) {
  const [row] = await db
    .select({ keyId: apiKeys.id, lastUsedAt: apiKeys.lastUsedAt, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row;
}

/** Records use at most once a minute per key, so scripts calling in a loop do not write on every request. */
export async function touchApiKey(db: Db, keyId: string, at: Date): Promise<void> {
  const minuteAgo = new Date(at.getTime() - 60_000);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo))));
}
