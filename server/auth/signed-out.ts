import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signedOutSessions } from '../db/schema';
import { preparedPerDb } from '../db/prepared';

/**
 * What a sign-out ends: the token's sign-in session (`sid`, the same across refreshes), or, for a
 * token that names none, that one token.
 */
export function sessionKeyOf(token: string, sid: string | undefined): string {
  return sid ?? `jwt:${createHash('sha256').update(token).digest('base64url')}`;
}

/** The `sid` claim of an access token already verified, when it has one. */
export function sidOf(token: string): string | undefined {
  try {
    const sid = decodeJwt(token).sid;
    return typeof sid === 'string' && sid !== '' ? sid.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Until when a session's tokens may still be presented: a token refreshed just before the sign-out
 * lives as long as this one did from its issue (`exp - iat`), counted from now; never less than this token's own `exp`.
 */
export function signedOutUntil(token: string, now: Date): Date {
  const { exp, iat } = decodeJwt(token);
  const expMs = (exp ?? 0) * 1000;
  const lifetimeMs = exp !== undefined && iat !== undefined ? (exp - iat) * 1000 : 0;
  return new Date(Math.max(expMs, now.getTime() + lifetimeMs));
}

/**
 * The sign-outs of a database this process owns alone (PGlite: one process opens a data folder, and
 * every sign-out goes through recordSignOut here), kept in memory: session key → until (ms). The
 * per-request check then needs no query (a hop to the database thread and back). A shared database
 * (PostgreSQL, several instances) has none: another instance's sign-out must count at once.
 */
const ownedSignOuts = new WeakMap<Db, Map<string, number>>();

/** Loads the sign-outs still in force into memory: from now on this process answers signedOut for `db` alone (call only when nothing else writes to it). */
export async function ownSignOuts(db: Db, now: Date): Promise<void> {
  const rows = await db.select({ key: signedOutSessions.sessionKey, until: signedOutSessions.until }).from(signedOutSessions).where(gt(signedOutSessions.until, now));
  ownedSignOuts.set(db, new Map(rows.map((r) => [r.key, r.until.getTime()])));
}

/** Records the sign-out (every instance refuses the session's tokens from now) and drops the records whose tokens have all expired. */
export async function recordSignOut(db: Db, o: { userId: string; sessionKey: string; until: Date; now: Date }): Promise<void> {
  const owned = ownedSignOuts.get(db);
  if (owned) {
    // refused from now on, even should the write below fail
    for (const [key, until] of owned) if (until <= o.now.getTime()) owned.delete(key);
    owned.set(o.sessionKey, o.until.getTime());
  }
  await db.delete(signedOutSessions).where(lte(signedOutSessions.until, o.now));
  await db
    .insert(signedOutSessions)
    .values({ sessionKey: o.sessionKey, userId: o.userId, until: o.until })
    .onConflictDoUpdate({ target: signedOutSessions.sessionKey, set: { until: o.until } });
}

// Asked on every authenticated request that does not fold it into its read (./sign-out-check.ts).
const signedOutStatement = preparedPerDb((db) =>
  db
    .select({ key: signedOutSessions.sessionKey })
    .from(signedOutSessions)
    .where(and(eq(signedOutSessions.sessionKey, sql.placeholder('sessionKey')), gt(signedOutSessions.until, sql.placeholder('now'))))
    .limit(1)
    .prepare('signed_out_session'),
);

/** Whether this process answers `signedOut` for `db` from memory (it owns the database: PGlite). */
export const signOutsInMemory = (db: Db): boolean => ownedSignOuts.has(db);

/** Whether the session signed out (and its tokens may still be around). */
export async function signedOut(db: Db, sessionKey: string, now: Date): Promise<boolean> {
  const owned = ownedSignOuts.get(db);
  if (owned) return (owned.get(sessionKey) ?? 0) > now.getTime();
  return (await signedOutStatement(db).execute({ sessionKey, now })).length > 0;
}

/** Of the sessions asked, those that signed out: the terminal bridge's periodic check. */
export async function signedOutAmong(db: Db, sessionKeys: readonly string[], now: Date): Promise<Set<string>> {
  if (sessionKeys.length === 0) return new Set();
  const rows = await db
    .select({ key: signedOutSessions.sessionKey })
    .from(signedOutSessions)
    .where(and(inArray(signedOutSessions.sessionKey, [...sessionKeys]), gt(signedOutSessions.until, now)));
  return new Set(rows.map((r) => r.key));
}
