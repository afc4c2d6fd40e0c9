import type { Logger } from 'pino';
import type { JobLeases } from './leases';

export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

export interface JobRunListener {
  (run: { job: string; ms: number; ok: boolean }): void;
}

export interface JobOptions {
  /** shared claims in the database: without them every instance would run every job */
  leases?: JobLeases;
  /** per-job period overrides (tests and operators) */
  everyMs?: Partial<Record<string, number>>;
  onRun?: JobRunListener;
}

/**
 * Runs each job on its period, never overlapping itself. Instances tick twice per period and the
 * lease decides who runs, so a period runs once across a cluster even when timers drift.
 * stop() waits for runs in progress and gives back the claims.
 */
export function startJobs(jobs: Job[], logger: Logger, opts: JobOptions = {}): { stop(): Promise<void> } {
  const timers: NodeJS.Timeout[] = [];
  const inflight = new Map<string, Promise<void>>();
  let stopped = false;
  for (const job of jobs) {
    const everyMs = opts.everyMs?.[job.name] ?? job.everyMs;
    const runOnce = async () => {
      if (opts.leases && !(await opts.leases.claim(job.name, everyMs))) return;
      const started = performance.now();
      let ok = false;
      try {
        const result = await job.run();
        ok = true;
        logger.debug({ job: job.name, ms: Math.round(performance.now() - started), result }, 'job run');
      } finally {
        opts.onRun?.({ job: job.name, ms: performance.now() - started, ok });
        await opts.leases?.finish(job.name);
      }
    };
    const tick = () => {
      if (stopped || inflight.has(job.name)) return;
      const p = runOnce()
        .catch((err: unknown) => logger.error({ err, job: job.name }, 'job failed'))
        .finally(() => inflight.delete(job.name));
      inflight.set(job.name, p);
    };
    const timer = setInterval(tick, opts.leases ? Math.max(250, Math.floor(everyMs / 2)) : everyMs);
    timer.unref();
    timers.push(timer);
    setTimeout(tick, Math.min(1000, everyMs)).unref();
  }
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...inflight.values()]);
      await opts.leases?.releaseAll().catch((err: unknown) => logger.warn({ err }, 'releasing job leases failed'));
    },
  };
}
