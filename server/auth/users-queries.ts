import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signIns, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

/**
 * A user row is created the first time a subject is seen; concurrent first requests meet on the unique index.
 * `email` is a checked, lower-cased address or undefined when none is known: then a new row gets `''`
 * (unknown) and an existing row keeps the address it has. Nothing else ever reaches the column.
 * `idpAdmin` is whether this sign-in's token carried the admin role; the row keeps the latest answer.
 */
export async function upsertUser(db: Db, issuer: string, subject: string, email: string | undefined, idpAdmin = false): Promise<UserRow> {
  const changed = sql`${users.idpAdmin} <> excluded.idp_admin`;
  const [row] = await db
    .insert(users)
    .values({ issuer, subject, email: email ?? '', idpAdmin })
    .onConflictDoUpdate({
      target: [users.issuer, users.subject],
      set: email === undefined ? { idpAdmin: sql`excluded.idp_admin` } : { email: sql`excluded.email`, idpAdmin: sql`excluded.idp_admin` },
      setWhere: email === undefined ? changed : sql`${users.email} <> excluded.email or ${changed}`,
    })
    .returning();
  if (row) return row;
  const [existing] = await db
    .select()
    .from(users)
    .where(sql`${users.issuer} = ${issuer} and ${users.subject} = ${subject}`);
  if (!existing) throw new Error('user row vanished during upsert');
  return existing;
}

/** The e-mail an issuer's subject already has here, if any (a sign-in whose issuer gives none keeps it). */
export async function emailOnRecord(db: Db, issuer: string, subject: string): Promise<string | undefined> {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(sql`${users.issuer} = ${issuer} and ${users.subject} = ${subject}`);
  return row?.email || undefined;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Records a sign-in session the first time one of its tokens is seen (the same `sid` again adds nothing). */
export async function recordSignIn(db: Db, userId: string, sessionId: string, ip: string | undefined, at: Date): Promise<void> {
  await db
    .insert(signIns)
    .values({ userId, sessionId, ipAddress: ip ?? null, at })
    .onConflictDoNothing();
}

/** A user's latest sign-ins, newest first. */
export function latestSignIns(db: Db, userId: string, limit: number) {
  return db.select({ at: signIns.at, ipAddress: signIns.ipAddress }).from(signIns).where(eq(signIns.userId, userId)).orderBy(desc(signIns.at)).limit(limit);
}
