import type { Logger } from 'pino';

export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/** Runs each job on its interval, never overlapping itself; stop() waits for runs in progress. */
export function startJobs(jobs: Job[], logger: Logger): { stop(): Promise<void> } {
  const timers: NodeJS.Timeout[] = [];
  const inflight = new Map<string, Promise<void>>();
  let stopped = false;
  for (const job of jobs) {
    const tick = () => {
      if (stopped || inflight.has(job.name)) return;
      const started = performance.now();
      const p = job
        .run()
        .then((result) => logger.debug({ job: job.name, ms: Math.round(performance.now() - started), result }, 'job run'))
        .catch((err: unknown) => logger.error({ err, job: job.name }, 'job failed'))
        .finally(() => inflight.delete(job.name));
      inflight.set(job.name, p);
    };
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    timers.push(timer);
    setTimeout(tick, 1000).unref();
  }
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...inflight.values()]);
    },
  };
}
