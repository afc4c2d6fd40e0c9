import { defineConfig } from 'vitest/config';

/** End-to-end specs: one real server for the run, Chromium driven by playwright-core, files one at a time. */
export default defineConfig({
  test: {
    root: '.',
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    allowOnly: !process.env.CI,
  },
});
