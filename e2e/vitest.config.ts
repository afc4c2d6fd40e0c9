import { defineConfig } from 'vitest/config';
import { longestE2eFiles, slowFirst } from '../scripts/test-order';
import { e2eWorkers } from './support/workers';

/** End-to-end specs: Chromium driven by playwright-core; each worker runs its files one at a time against its own real server. */
export default defineConfig({
  test: {
    root: '.',
    include: ['e2e/**/*.spec.ts'],
    // the migrated PGlite dump the unit run uses too: the specs that start their own in-memory server load it
    // instead of running initdb and every migration (ping-insights, external-issuer, the screen sweep's)
    globalSetup: ['test/support/pglite-template.global.ts', 'e2e/support/global-setup.ts'],
    maxWorkers: e2eWorkers,
    // A worker's spec files share its process, its imports and its Chromium (support/chromium.ts);
    // each file opens and closes its own contexts.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Vitest's default of 1 s let a page still loading its bundle on a busy machine fail a poll
    // (the hash route's title after `goto` in CI); Playwright's own waits allow 30 s.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    allowOnly: !process.env.CI,
    // the longest specs first, so the run does not end on one of them (scripts/test-order.ts)
    sequence: { sequencer: slowFirst(longestE2eFiles) },
  },
});
