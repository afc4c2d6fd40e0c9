/**
 * The fault suite: real server processes are killed (SIGKILL), stopped (SIGTERM) and cut off from
 * their database or cloud, and each time what must hold is checked. Writes
 * test-results/faults-report.md and prints it.
 */
import { afterAll, describe } from 'vitest';
import { killDeploymentScenario } from '../../test/support/faults/kill-deployment.scenario';
import { killMeteringScenario } from '../../test/support/faults/kill-metering.scenario';
import { killWebhookScenario } from '../../test/support/faults/kill-webhook.scenario';
import { postgresRestartScenario } from '../../test/support/faults/postgres-restart.scenario';
import { providerScenario } from '../../test/support/faults/provider.scenario';
import { removeMigratedPglite } from '../../test/support/faults/helpers';
import { writeFaultReport } from '../../test/support/faults/report';
import { shutdownScenario } from '../../test/support/faults/shutdown.scenario';

describe('faults', () => {
  afterAll(async () => {
    await removeMigratedPglite();
    process.stdout.write(`\n${writeFaultReport()}\n`);
  });
  shutdownScenario();
  killDeploymentScenario();
  killMeteringScenario();
  killWebhookScenario();
  postgresRestartScenario();
  providerScenario();
  // Slow answers (timeouts) are exercised where the timeout can be shortened: the Hetzner and Civo
  // provider tests hang a request and see it time out and retried.
});
