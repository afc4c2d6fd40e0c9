import { and, eq, lte } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { rateLimitWindows } from '../db/schema';
import type { RateLimits } from '../http/rate-limit';
import { soleUserIdByEmail } from './queries';
import { recordAudit } from './service';

/**
 * Sign-ins refused over the limit are audited as one row per account and 15-minute window with
 * their count, not one row per attempt (issue 28: 100 attempts wrote 60 rows in 3.3 s). The audit
 * table is append-only, so the count cannot grow in its row: refusals are counted in the shared
 * rate-limit counters (one atomic upsert, the same across instances and restarts) and the
 * `audit.sign-in-refusals` job writes each window's row once it has ended, taking its counter away
 * in the same transaction. A source address gets rows for at most `accountsPerSource` accounts a
 * window; refusals for further accounts from it are counted in one row naming the address.
 */
export const refusalWindowMs = 15 * 60_000;
export const accountsPerSource = 10;
const refusals = 'audit-signin-refused';
const sources = 'audit-signin-sources';

export interface SignInRefusal {
  email: string;
  ip: string;
  requestId?: string;
  reason: string;
  retryAfterSeconds: number;
}

const accountKey = (email: string) => `account:${email.trim().toLowerCase().slice(0, 190)}`;

/** Counts one refused sign-in towards its account's (or, past the bound, its address's) window row. */
export async function countSignInRefusal(limits: RateLimits, e: SignInRefusal): Promise<void> {
  const rule = { bucket: refusals, limit: 1, windowMs: refusalWindowMs };
  const account = await limits.take(rule, accountKey(e.email));
  if (account.wait !== undefined) return; // the account's row is already being counted
  const source = await limits.take({ bucket: sources, limit: accountsPerSource, windowMs: refusalWindowMs }, e.ip);
  if (source.wait === undefined) return;
  await account.release();
  await limits.take(rule, `address:${e.ip}`);
}

/** Writes the row of every refusal window that has ended (all of them with `all`, e.g. in tests); answers how many. */
export async function flushSignInRefusals(deps: { db: Db; clock: Clock }, o: { all?: boolean } = {}): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const ended = await tx
      .delete(rateLimitWindows)
      .where(and(eq(rateLimitWindows.bucket, refusals), o.all ? undefined : lte(rateLimitWindows.windowStart, new Date(now.getTime() - refusalWindowMs))))
      .returning();
    const counted = ended.filter((w) => w.count > 0).sort((a, b) => a.windowStart.getTime() - b.windowStart.getTime() || a.key.localeCompare(b.key));
    for (const w of counted) {
      const [kind, id = ''] = [w.key.slice(0, w.key.indexOf(':')), w.key.slice(w.key.indexOf(':') + 1)];
      const windowEnd = new Date(Math.min(w.windowStart.getTime() + refusalWindowMs, now.getTime()));
      await recordAudit(tx, {
        action: 'auth.sign_in.limited',
        ip: kind === 'address' ? id : undefined,
        target: { type: kind === 'address' ? 'address' : 'account', id },
        subjectUserId: kind === 'account' && id ? await soleUserIdByEmail(tx, id) : null,
        details: { refused: w.count, window_start: w.windowStart.toISOString(), window_end: windowEnd.toISOString(), ...(kind === 'address' ? { accounts_over: accountsPerSource } : {}) },
        at: windowEnd,
      });
    }
    return counted.length;
  });
}
