import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { longestUnitFiles, slowFirst } from './scripts/test-order';

export default defineConfig({
  test: {
    include: [
      'server/**/*.test.ts',
      'shared/**/*.test.ts',
      'renderer/**/*.test.{ts,tsx}',
      'electron/**/*.test.ts',
      'bench/**/*.test.ts',
      'deploy/**/*.test.ts',
      'build/**/*.test.ts',
      'scripts/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    // Most files wait on servers, shells and child processes: two at a time even on two cores
    // (Vitest's default there is one).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A worker imports the server once and runs its files in turn (a fresh module graph per file cost
    // a quarter of the phase). So a file undoes what it changes globally: vi.stubGlobal/unstubAllGlobals.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    allowOnly: !process.env.CI,
    // the longest files first: a fresh clone's run otherwise ended on them (scripts/test-order.ts)
    sequence: { sequencer: slowFirst(longestUnitFiles) },
    // One migrated PGlite dump per run, loaded by every in-memory test database.
    // Every test server logs at info level into test-results/server-logs; `npm run test:unit` then scans them for secrets.
    globalSetup: ['test/support/suite-logs.global.ts', 'test/support/pglite-template.global.ts'],
  },
});
