import { expect } from 'vitest';
import { until } from '../clock';
import { api } from '../api-client';
import { signIn } from '../sign-in';
import { startChildServer, type ChildServer } from './child-server';
import { removeDataDir, tempDir } from './helpers';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from './private-postgres';
import { faultSkipped, faultTest } from './report';

const job = 'deployments.auto-terminate';

const okRuns = async (child: ChildServer) => {
  const text = String((await api(child, '/metrics')).body);
  return Number(new RegExp(`launchpad_job_runs_total\\{job="${job.replace('.', '\\.')}",outcome="ok"\\} (\\d+)`).exec(text)?.[1] ?? 0);
};

export function postgresRestartScenario(): void {
  const missing = privatePostgresUnavailable();
  if (missing) {
    faultSkipped('PostgreSQL restarted while the server runs', missing);
    return;
  }
  faultTest('PostgreSQL restarted while the server runs', 'requests answer 503 {error, details} quickly during the outage, succeed after it, and jobs run again', async (note) => {
    const dataDir = tempDir('pg');
    let pg: PrivatePostgres | undefined;
    let child: ChildServer | undefined;
    try {
      pg = await startPrivatePostgres();
      child = await startChildServer({ DATA_DIR: dataDir, DATABASE_URL: pg.url, METRICS_ENABLED: 'true', LAUNCHPAD_TEST_JOB_PERIODS: `${job}=500` });
      const server = child;
      const token = (await signIn(server, 'user@example.test', 'userpass')).accessToken;
      expect((await api(server, '/api/deployments', { token })).status).toBe(200);

      pg.stop();
      const asked = Date.now();
      const down = await api(server, '/api/deployments', { token });
      const ms = Date.now() - asked;
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ error: expect.any(String) as string });
      expect(down.body).toHaveProperty('details');
      expect(ms).toBeLessThan(5000);
      expect((await api(server, '/readyz')).status).toBe(503);
      const balance = await api(server, '/api/balance', { token });
      expect(balance.status).toBe(503);
      note(`during the outage: ${down.status} in ${ms} ms ("${(down.body as { error: string }).error}"), /readyz 503`);

      const runsBefore = await okRuns(server);
      pg.start();
      await until('requests succeed again', async () => (await api(server, '/api/deployments', { token })).status === 200, 15_000, 200);
      expect((await api(server, '/readyz')).status).toBe(200);
      await until('the job runs again', async () => (await okRuns(server)) > runsBefore, 15_000, 200);
      note(`after the restart: 200 again; ${job} ran again`);
      expect(child.proc.exitCode).toBeNull();
    } finally {
      if (child) {
        child.kill('SIGTERM');
        await child.exited;
      }
      pg?.destroy();
      await removeDataDir(dataDir);
    }
  });
}
