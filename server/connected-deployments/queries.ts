import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { connectedDeployments, users } from '../db/schema';

export type ConnectedDeploymentRow = typeof connectedDeployments.$inferSelect;
export type NewConnectedDeploymentRow = typeof connectedDeployments.$inferInsert;

/** A user's private deployments, oldest first (ties broken by id so the order is stable). */
export function listForUser(db: Db, userId: string): Promise<ConnectedDeploymentRow[]> {
  return db.select().from(connectedDeployments).where(eq(connectedDeployments.userId, userId)).orderBy(asc(connectedDeployments.createdAt), asc(connectedDeployments.id));
}

export async function insertRows(db: Db, rows: NewConnectedDeploymentRow[]): Promise<ConnectedDeploymentRow[]> {
  if (rows.length === 0) return [];
  return db.insert(connectedDeployments).values(rows).returning();
}

/** Changes only the caller's own row; the row after the change, or undefined when it is not theirs. */
export async function updateOwn(db: Db, id: string, userId: string, set: Pick<NewConnectedDeploymentRow, 'description' | 'updatedAt'>): Promise<ConnectedDeploymentRow | undefined> {
  const [row] = await db
    .update(connectedDeployments)
    .set(set)
    .where(and(eq(connectedDeployments.id, id), eq(connectedDeployments.userId, userId)))
    .returning();
  return row;
}

/** Deletes only the caller's own row; answers whether one was deleted. */
export async function deleteOwn(db: Db, id: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(connectedDeployments)
    .where(and(eq(connectedDeployments.id, id), eq(connectedDeployments.userId, userId)))
    .returning({ id: connectedDeployments.id });
  return deleted.length > 0;
}

/**
 * Serialises a user's writes (the per-user cap and the sync's de-duplication read, then insert)
 * by locking the user's row for the rest of the transaction.
 */
export async function lockUser(db: Db, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
