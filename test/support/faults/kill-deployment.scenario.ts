import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { deployments, jobLeases } from '../../../server/db/schema';
import { until } from '../clock';
import { signIn } from '../sign-in';
import { killHard, startChildServer } from './child-server';
import { createDeployment, freePort, getDeployment, localMachines, removeDataDir, migratedDataDir, withDatabase } from './helpers';
import { faultTest } from './report';

const env = (dataDir: string, port: number) => ({ DATA_DIR: dataDir, PORT: String(port), LAUNCHPAD_TEST_JOB_PERIODS: 'deployments.reconcile=500' });

export function killDeploymentScenario(): void {
  faultTest('kill -9 during a deployment create', 'after restart the deployment ends failed or running (never stuck) and no machine is left without a live deployment', async (note) => {
    const dataDir = await migratedDataDir('create');
    const port = await freePort();
    try {
      let child = await startChildServer(env(dataDir, port));
      const token = (await signIn(child, 'user@example.test', 'userpass')).accessToken;
      const created = await createDeployment(child, token, 'interrupted');
      // Killed as soon as the create answered, while provisioning runs in the background.
      await killHard(child);
      const machinesAtKill = (await localMachines(dataDir).listOwned()).length;
      const stateAtKill = await withDatabase(dataDir, async (d) => {
        const [row] = await d.db.select().from(deployments).where(eq(deployments.id, created.id));
        // The provisioning lease (2 minutes) runs out: moved to the past instead of waited for.
        await d.db
          .update(deployments)
          .set({ leaseUntil: new Date(Date.now() - 1000) })
          .where(eq(deployments.id, created.id));
        // So does the reconcile job's own claim, if the dead server held it.
        await d.db.update(jobLeases).set({ holder: null, runningUntil: null, nextRunAt: new Date(Date.now() - 1000) });
        return row?.status;
      });
      note(`killed with the deployment ${stateAtKill} and ${machinesAtKill} machine folder(s)`);

      child = await startChildServer(env(dataDir, port));
      try {
        const final = await until('the deployment settles', async () => {
          const d = await getDeployment(child, token, created.id);
          return d.status === 'failed' || d.status === 'running' ? d : undefined;
        });
        if (final.status === 'failed') expect(final.error_message).toMatch(/^Provisioning was interrupted/);
        const machines = await until('orphans removed', async () => {
          const owned = await localMachines(dataDir).listOwned();
          return owned.every((m) => final.status === 'running' && m.deploymentId === created.id) ? owned : undefined;
        });
        note(`after restart: ${final.status}${final.error_message ? ` ("${final.error_message}")` : ''}; machines left: ${machines.length}`);
      } finally {
        child.kill('SIGTERM');
        await child.exited;
      }
    } finally {
      await removeDataDir(dataDir);
    }
  });
}
