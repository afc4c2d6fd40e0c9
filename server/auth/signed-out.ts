import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signedOutSessions } from '../db/schema';

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

/** Records the sign-out (every instance refuses the session's tokens from now) and drops the records whose tokens have all expired. */
export async function recordSignOut(db: Db, o: { userId: string; sessionKey: string; until: Date; now: Date }): Promise<void> {
  await db.delete(signedOutSessions).where(lte(signedOutSessions.until, o.now));
  await db
    .insert(signedOutSessions)
    .values({ sessionKey: o.sessionKey, userId: o.userId, until: o.until })
    .onConflictDoUpdate({ target: signedOutSessions.sessionKey, set: { until: o.until } });
}

/** Whether the session signed out (and its tokens may still be around). */
export async function signedOut(db: Db, sessionKey: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ key: signedOutSessions.sessionKey })
    .from(signedOutSessions)
    .where(and(eq(signedOutSessions.sessionKey, sessionKey), gt(signedOutSessions.until, now)))
    .limit(1);
  return rows.length > 0;
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
