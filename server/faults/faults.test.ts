/**
 * The fault suite: real server processes are killed (SIGKILL), stopped (SIGTERM) and cut off from
 * their database or cloud, and each time what must hold is checked. Writes
 * test-results/faults-report.md and prints it.
 */
import { afterAll, describe } from 'vitest';
import { writeFaultReport } from './report';
import { shutdownScenario } from './shutdown.scenario';

describe('faults', () => {
  afterAll(() => {
    process.stdout.write(`\n${writeFaultReport()}\n`);
  });
  shutdownScenario();
});
