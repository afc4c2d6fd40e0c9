import { and, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, users } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(
  db: Db,
  row: { userId: string; name: string; prefix: string; keyHash: string; scopes: string[] | null; expiresAt: Date | null; createdBy: string | null },
): Promise<ApiKeyRow> {
  const [inserted] = await db.insert(apiKeys).values(row).returning();
  if (!inserted) throw new Error('api key insert returned nothing');
  return inserted;
}

/** Locks the user's row for the rest of the transaction and counts their active keys (the cap's check). */
export async function lockAndCountActiveKeys(tx: Db, userId: string): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const rows = await tx
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
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
  return (await revokeApiKeyRow(db, userId, id, at)) !== undefined;
}

/** The same, answering the revoked key; `by`: who, as its page says it; `createdBy`: only a team key that member created. */
export async function revokeApiKeyRow(db: Db, userId: string, id: string, at: Date, createdBy?: string, by?: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: at, ...(by ? { revokedBy: by } : {}) })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt), createdBy ? eq(apiKeys.createdBy, createdBy) : undefined))
    .returning();
  return row;
}

export async function findActiveKeyOwner(db: Db, keyHash: string) {
  const [row] = await db
    .select({ keyId: apiKeys.id, lastUsedAt: apiKeys.lastUsedAt, scopes: apiKeys.scopes, expiresAt: apiKeys.expiresAt, createdBy: apiKeys.createdBy, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row;
}

/** Records use at most once a minute per key (or when the address changes), so scripts calling in a loop do not write on every request. */
export async function touchApiKey(db: Db, keyId: string, at: Date, ip: string | undefined): Promise<void> {
  const minuteAgo = new Date(at.getTime() - 60_000);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at, ...(ip ? { lastUsedIp: ip } : {}) })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo), ip ? sql`${apiKeys.lastUsedIp} is distinct from ${ip}` : undefined)));
}

/** The account's key once revoked (undefined while it is active, or when it is not the account's). */
export async function findRevokedApiKey(db: Db, userId: string, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNotNull(apiKeys.revokedAt)));
  return row;
}
