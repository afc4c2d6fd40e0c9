import { inject } from 'vitest';

/** Spec files run on this many workers at once (E2E_WORKERS, default 2), each against its own server. */
export const e2eWorkers = Math.max(1, Number.parseInt(process.env.E2E_WORKERS ?? '2', 10) || 1);

/** This worker's Launchpad (VITEST_POOL_ID runs from 1 to the number of workers). */
export function e2eBaseUrl(): string {
  const urls = inject('baseUrls');
  const url = urls[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % urls.length];
  if (!url) throw new Error('no e2e server was started');
  return url;
}
