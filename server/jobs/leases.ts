import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { jobLeases } from '../db/schema';

/** Claims a job's next period in the database, so several instances run each period once. */
export interface JobLeases {
  /** this instance's holder id (logs and metrics) */
  holder: string;
  /** true when this instance may run the job now */
  claim(name: string, everyMs: number): Promise<boolean>;
  finish(name: string): Promise<void>;
  /** gives back every claim still held (shutdown), so a crash-free restart never waits */
  releaseAll(): Promise<void>;
}

/** A claim is early-tolerant by a tenth of the period: timers drift, and a period must not be skipped for it. */
const toleranceOf = (everyMs: number) => Math.min(5_000, Math.floor(everyMs / 10));
/** How long a claim blocks others when its holder dies mid-run. */
const runningBlockMs = (everyMs: number) => Math.max(2 * everyMs, 120_000);

export function createJobLeases(db: Db, clock: Clock, holder: string = randomUUID()): JobLeases {
  return {
    holder,
    async claim(name, everyMs) {
      const now = clock.now();
      const nextRunAt = new Date(now.getTime() + everyMs - toleranceOf(everyMs));
      const runningUntil = new Date(now.getTime() + runningBlockMs(everyMs));
      const rows = await db
        .insert(jobLeases)
        .values({ name, holder, runningUntil, nextRunAt, lastRunAt: now, runs: 1 })
        .onConflictDoUpdate({
          target: jobLeases.name,
          set: { holder, runningUntil, nextRunAt, lastRunAt: now, runs: sql`${jobLeases.runs} + 1` },
          setWhere: sql`${jobLeases.nextRunAt} <= ${now} and (${jobLeases.runningUntil} is null or ${jobLeases.runningUntil} <= ${now})`,
        })
        .returning({ name: jobLeases.name });
      return rows.length > 0;
    },
    async finish(name) {
      await db
        .update(jobLeases)
        .set({ holder: null, runningUntil: null, lastFinishedAt: clock.now() })
        .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
    },
    async releaseAll() {
      await db.update(jobLeases).set({ holder: null, runningUntil: null }).where(eq(jobLeases.holder, holder));
    },
  };
}
