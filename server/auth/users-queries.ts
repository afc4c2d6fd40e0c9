import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
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

/** The person a subject of one of these issuers is, the first issuer's first. */
export async function findPerson(db: Db, issuers: readonly string[], subject: string): Promise<UserRow | undefined> {
  if (issuers.length === 0) return undefined;
  const rows = await db
    .select()
    .from(users)
    .where(and(inArray(users.issuer, [...issuers]), eq(users.subject, subject), eq(users.kind, 'person')));
  return rows.sort((a, b) => issuers.indexOf(a.issuer) - issuers.indexOf(b.issuer))[0];
}

/** The oldest person with this e-mail whose sign-in came from another issuer than `issuer`. */
export async function personWithEmailElsewhere(db: Db, email: string, issuer: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.kind, 'person'), ne(users.issuer, issuer)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row;
}

/**
 * Gives an account to another issuer and subject, if it still has the ones it was found with: of
 * two requests moving it at once, one moves it and the other gets undefined (and finds it moved).
 */
export async function rekeyUser(db: Db, from: Pick<UserRow, 'id' | 'issuer' | 'subject'>, to: { issuer: string; subject: string }): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set(to)
    .where(and(eq(users.id, from.id), eq(users.issuer, from.issuer), eq(users.subject, from.subject)))
    .returning();
  return row;
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
