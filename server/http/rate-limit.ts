import type { Middleware } from 'koa';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { rateLimitWindows } from '../db/schema';
import { HttpError } from './errors';
import type { AppState } from './types';

export interface RateLimitRule {
  /** counters are kept per bucket and key (the caller's IP unless `key` says otherwise) */
  bucket: string;
  limit: number;
  windowMs: number;
  message: string;
}

/**
 * Fixed-window counters in the database, so a limit holds across every instance behind a load
 * balancer. One upsert per request; `pruneRateLimits` drops windows older than an hour.
 */
export function createRateLimits(db: Db, clock: Clock) {
  return {
    /** undefined when allowed, otherwise the seconds until the window resets */
    async hit(rule: Pick<RateLimitRule, 'bucket' | 'limit' | 'windowMs'>, key: string): Promise<number | undefined> {
      return (await this.take(rule, key)).wait;
    },
    /**
     * Counts one attempt at once, like `hit` (one atomic upsert, so parallel attempts cannot all pass
     * a check made before counting), and hands back `release` to take it back when the attempt turns
     * out not to count (a sign-in that succeeded). Released in the window it was counted in.
     */
    async take(rule: Pick<RateLimitRule, 'bucket' | 'limit' | 'windowMs'>, key: string): Promise<{ wait: number | undefined; release(): Promise<void> }> {
      const now = clock.now().getTime();
      const windowStart = new Date(now - (now % rule.windowMs));
      const k = key.slice(0, 200);
      const [row] = await db
        .insert(rateLimitWindows)
        .values({ bucket: rule.bucket, key: k, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimitWindows.bucket, rateLimitWindows.key, rateLimitWindows.windowStart],
          set: { count: sql`${rateLimitWindows.count} + 1` },
        })
        .returning({ count: rateLimitWindows.count });
      const wait = !row || row.count <= rule.limit ? undefined : Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now) / 1000));
      const release = async () => {
        await db
          .update(rateLimitWindows)
          .set({ count: sql`greatest(${rateLimitWindows.count} - 1, 0)` })
          .where(and(eq(rateLimitWindows.bucket, rule.bucket), eq(rateLimitWindows.key, k), eq(rateLimitWindows.windowStart, windowStart)));
      };
      return { wait, release };
    },
    /** Koa middleware answering 429 with `Retry-After` once the caller is over the limit. */
    middleware(rule: RateLimitRule): Middleware<AppState> {
      return async (ctx, next) => {
        const wait = await this.hit(rule, ctx.ip);
        if (wait !== undefined) {
          ctx.set('Retry-After', String(wait));
          throw new HttpError(429, rule.message, { retry_after_seconds: wait });
        }
        await next();
      };
    },
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;

/**
 * Fixed windows counted in this instance's memory: for the busiest public route (installations'
 * pings), where a database write per request would cost more than the work it guards. Each
 * instance enforces the limit on its own, so N instances admit at most N× the limit per address;
 * only the current window is kept, so memory is bounded by the addresses seen in one window.
 */
export function memoryRateLimit(rule: RateLimitRule, clock: Clock): (key: string) => void {
  let windowStart = 0;
  let counts = new Map<string, number>();
  return (key) => {
    const now = clock.now().getTime();
    const start = now - (now % rule.windowMs);
    if (start !== windowStart) {
      windowStart = start;
      counts = new Map();
    }
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (n > rule.limit) {
      const wait = Math.max(1, Math.ceil((start + rule.windowMs - now) / 1000));
      throw new HttpError(429, rule.message, { retry_after_seconds: wait }, { 'Retry-After': String(wait) });
    }
  };
}

export async function pruneRateLimits(db: Db, clock: Clock): Promise<number> {
  const rows = await db
    .delete(rateLimitWindows)
    .where(lt(rateLimitWindows.windowStart, new Date(clock.now().getTime() - 3600_000)))
    .returning({ key: rateLimitWindows.key });
  return rows.length;
}
