import type { Logger } from 'pino';

/** Work started by a request that outlives it (provisioning, deletion); tests and shutdown can wait for it. */
export interface BackgroundTasks {
  run(name: string, work: () => Promise<void>): void;
  drain(): Promise<void>;
}

export function createBackgroundTasks(logger: Logger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(name, work) {
      const p = work()
        .catch((err: unknown) => logger.error({ err, task: name }, 'background task failed'))
        .finally(() => running.delete(p));
      running.add(p);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
