import { and, asc, desc, eq, isNotNull, isNull, not, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { licenses, teams, users } from '../db/schema';

export type LicenseRow = typeof licenses.$inferSelect;
export type NewLicenseRow = typeof licenses.$inferInsert;

export async function insertLicense(db: Db, row: NewLicenseRow): Promise<LicenseRow> {
  const [inserted] = await db.insert(licenses).values(row).returning();
  if (!inserted) throw new Error('license insert returned nothing');
  return inserted;
}

/**
 * The licences an account sees: its own, and those made for its e-mail. A team's licence keeps the
 * e-mail of the member who made it, yet is the team's alone: it is not shown in that member's own
 * account (issue 34).
 */
function visibleTo(userId: string, email: string) {
  const teamsLicence = sql`exists (select 1 from ${teams} where ${teams.accountId} = ${licenses.userId})`;
  return or(eq(licenses.userId, userId), email ? and(eq(sql`lower(${licenses.email})`, email.toLowerCase()), not(teamsLicence)) : undefined);
}

/** The account's licence once deleted from its list or revoked (undefined while it is listed and live, or when it is not the account's). */
export async function findEndedForUser(db: Db, id: string, userId: string, email: string): Promise<LicenseRow | undefined> {
  const [row] = await db
    .select()
    .from(licenses)
    .where(and(eq(licenses.id, id), visibleTo(userId, email), or(isNotNull(licenses.hiddenAt), isNotNull(licenses.revokedAt))));
  return row;
}

/** A user's visible licenses: theirs, and those an admin made for their email. */
export function listForUser(db: Db, userId: string, email: string): Promise<LicenseRow[]> {
  return db
    .select()
    .from(licenses)
    .where(and(isNull(licenses.hiddenAt), visibleTo(userId, email)))
    .orderBy(desc(licenses.createdAt));
}

export async function findForUser(db: Db, id: string, userId: string, email: string): Promise<LicenseRow | undefined> {
  const [row] = await db
    .select()
    .from(licenses)
    .where(and(eq(licenses.id, id), isNull(licenses.hiddenAt), visibleTo(userId, email)));
  return row;
}

export async function hasActiveTrial(db: Db, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: licenses.id })
    .from(licenses)
    .where(and(eq(licenses.userId, userId), eq(licenses.type, 'trial'), eq(licenses.status, 'active'), sql`${licenses.expiresAt} > ${now.toISOString()}::timestamptz`))
    .limit(1);
  return !!row;
}

/** Activates a pending license once: the update only matches while payment is pending. */
export async function activateIfPending(db: Db, id: string, set: Partial<NewLicenseRow>): Promise<LicenseRow | undefined> {
  const [row] = await db
    .update(licenses)
    .set({ ...set, status: 'active', paymentStatus: 'paid' })
    .where(and(eq(licenses.id, id), eq(licenses.paymentStatus, 'pending')))
    .returning();
  return row;
}

export async function updateLicense(db: Db, id: string, set: Partial<NewLicenseRow>): Promise<LicenseRow | undefined> {
  const [row] = await db.update(licenses).set(set).where(eq(licenses.id, id)).returning();
  return row;
}

/** Up to two accounts signed in with this e-mail (lower-cased): none, one owner, or ambiguous. */
export async function userIdsByEmail(db: Db, email: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(2);
  return rows.map((r) => r.id);
}

/** Ties licences an administrator issued to this e-mail before the account existed to the account (at sign-in). */
export async function linkLicencesToUser(db: Db, userId: string, email: string): Promise<void> {
  if (!email) return;
  await db
    .update(licenses)
    .set({ userId })
    .where(and(isNull(licenses.userId), eq(licenses.email, email.toLowerCase())));
}

/** Every revoked licence, oldest revocation first: the order gives each its stable code. */
export function revokedLicences(db: Db): Promise<LicenseRow[]> {
  return db.select().from(licenses).where(isNotNull(licenses.revokedAt)).orderBy(asc(licenses.revokedAt), asc(licenses.id));
}

/** An account's licences that still mean something at `now`: not revoked, and pending payment, perpetual, without an end or not yet ended. */
function liveFor(accountId: string, now: Date) {
  return and(eq(licenses.userId, accountId), not(eq(licenses.status, 'revoked')), or(isNull(licenses.expiresAt), sql`${licenses.expiresAt} > ${now.toISOString()}::timestamptz`));
}

/** How many live licences an account holds (a team with any cannot be deleted until they move). */
export async function liveLicenceCount(db: Db, accountId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(licenses)
    .where(liveFor(accountId, now));
  return row?.n ?? 0;
}

/**
 * Hands every licence of one account to another (a team being closed). A licence moved into a
 * person's own account takes their e-mail: the member who bought it must not see it in theirs.
 */
export async function moveLicences(db: Db, fromAccountId: string, to: { id: string; email?: string }): Promise<string[]> {
  const moved = await db
    .update(licenses)
    .set(to.email ? { userId: to.id, email: to.email } : { userId: to.id })
    .where(eq(licenses.userId, fromAccountId))
    .returning({ id: licenses.id });
  return moved.map((r) => r.id);
}
