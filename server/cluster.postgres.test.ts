import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploymentsContract } from '../shared/api/deployments';
import { defaultBrand } from '../shared/brand';
import { startServer, type RunningServer } from './start';
import { until } from '../test/support/clock';
import { asc, eq } from 'drizzle-orm';
import { deploymentEvents, jobLeases } from './db/schema';
import { startRoundRobinProxy } from '../test/support/round-robin-proxy';
import { api } from '../test/support/api-client';
import { createPostgresDatabase, postgresAvailable, type TestPostgresDatabase } from '../test/support/postgres';
import { defaultDevUsers, deleteLocalMachines } from '../test/support/server';
import { signIn } from '../test/support/sign-in';
import { openTerminal, terminalUrl } from '../test/support/terminal-client';
import { call } from '../test/support/typed-client';

const d = deploymentsContract(defaultBrand);

const periodMs = 1000;
const clusterJobs = ['billing.meter-usage', 'deployments.auto-terminate', 'deployments.reconcile'];

/**
 * Two Launchpad instances on one PostgreSQL behind a round-robin proxy, as a load-balanced
 * cluster runs: jobs once per period across both, state shared, limits shared.
 */
describe.runIf(await postgresAvailable())('two instances on one PostgreSQL', () => {
  let database: TestPostgresDatabase;
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  let dataDir: string;
  const instances: RunningServer[] = [];
  /**
   * Real time moved forward by hand (the rate-limit test starts its count at the start of a
   * window), or standing still while `frozenAt` is set (the job test counts runs per period).
   */
  const clock: { offsetMs: number; frozenAt?: number; now(): Date } = { offsetMs: 0, now: () => new Date(clock.frozenAt ?? Date.now() + clock.offsetMs) };
  let token: string;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    proxy = await startRoundRobinProxy();
    // One data folder: identity keys are shared like a mounted secret, and the local provider's machines live there.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-cluster-'));
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      PUBLIC_URL: proxy.url,
      LOG_LEVEL: 'silent',
      DEV_USERS: defaultDevUsers,
      RELEASES_URL: 'off',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '5',
    };
    const jobPeriods = Object.fromEntries(clusterJobs.map((j) => [j, periodMs]));
    for (let i = 0; i < 2; i++) instances.push(await startServer({ env, jobPeriods, clock }));
    proxy.setTargets(instances.map((i) => i.localUrl));
    token = (await signIn({ url: proxy.url }, 'user@example.test', 'userpass')).accessToken;
  }, 60_000);

  afterAll(async () => {
    if (instances[0]) await deleteLocalMachines(instances[0]);
    for (const i of instances) await i.close();
    await proxy?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const [a, b] = [() => ({ url: instances[0]?.localUrl ?? '' }), () => ({ url: instances[1]?.localUrl ?? '' })];

  /** Each job's successful claims so far (the lease table counts them). */
  async function claims(): Promise<Record<string, number>> {
    const rows = await instances[0]?.deps.db.select({ name: jobLeases.name, runs: jobLeases.runs }).from(jobLeases);
    return Object.fromEntries((rows ?? []).map((r) => [r.name, r.runs]));
  }

  it('runs each job once per period across both instances', async () => {
    // The clock stands still between the steps while both instances tick twice a period on their
    // own timers: however many ticks come, and however late a busy machine fires them, each job is
    // claimed once per period of the clock (no stopwatch in the assertions).
    let at = clock.now().getTime();
    clock.frozenAt = at;
    try {
      let before = await until('every job claimed once', async () => {
        const c = await claims();
        return clusterJobs.every((job) => (c[job] ?? 0) > 0) && c;
      });
      for (let period = 0; period < 3; period++) {
        at += periodMs;
        clock.frozenAt = at;
        const was = before;
        const after = await until('every job claimed in the new period', async () => {
          const c = await claims();
          return clusterJobs.every((job) => (c[job] ?? 0) > (was[job] ?? 0)) && c;
        });
        // A few more ticks of both instances in the same period claim nothing. (A wait for what must
        // not happen: a slow machine gives fewer ticks, which can make it less strict, never fail.)
        await new Promise((r) => setTimeout(r, 2 * periodMs));
        const settled = await claims();
        for (const job of clusterJobs) expect(settled[job], job).toBe((was[job] ?? 0) + 1);
        before = { ...after, ...settled };
      }
    } finally {
      // Time carries on from where it stood.
      clock.offsetMs = Math.max(0, (clock.frozenAt ?? 0) - Date.now());
      clock.frozenAt = undefined;
    }
  });

  it('signs in through either instance with one token, and a deployment made on one is deleted from the other', async () => {
    const { id } = await call(a(), d.create, { body: { configId: 'trial_vm_hetzner', name: 'cluster', timeoutMins: null } }, { token });
    // Under a busy machine the local machine's start has taken over 90 s once in a full suite beside
    // a CPU hog (cause not found); a timeout says where the deployment stood, from its events.
    await until('running on the other instance', async () => (await call(b(), d.get, { params: { id } }, { token })).status === 'running', 180_000).catch(async (err: unknown) => {
      const row = await call(b(), d.get, { params: { id } }, { token });
      const events = await instances[0]?.deps.db.select().from(deploymentEvents).where(eq(deploymentEvents.deploymentId, id)).orderBy(asc(deploymentEvents.at));
      const timeline = (events ?? []).map((e) => `${e.at.toISOString()} ${e.message}`).join('\n');
      throw new Error(`${String(err)}: status ${row.status}, error ${row.error_message ?? '-'}, events:\n${timeline}`, { cause: err });
    });

    for (const instance of [a(), b()]) {
      const term = await openTerminal(terminalUrl(instance.url, id, token));
      term.send('echo cluster-$((6*7))\r');
      await term.waitFor('cluster-42');
      await term.close();
    }

    expect((await api(b(), `/api/deployments/${id}`, { method: 'DELETE', token })).status).toBe(204);
    expect((await api(a(), `/api/deployments/${id}`, { token })).status).toBe(404);
    await instances[1]?.services.tasks.drain();
    await until(
      'machine folder gone',
      async () => !fs.existsSync(path.join(dataDir, 'deployments')) || fs.readdirSync(path.join(dataDir, 'deployments')).filter((n) => !n.startsWith('.')).length === 0,
      60_000,
    );
  }, 330_000);

  // Pings are limited per instance (server/http/rate-limit.ts memoryRateLimit); the other public limits are shared.
  it('holds a rate limit across both instances', async () => {
    const lookup = (server: { url: string }) => api(server, '/api/user-info');
    const statuses = [];
    // Limits count in windows aligned on the clock's minutes: start the count at the beginning of one.
    const now = clock.now().getTime();
    clock.offsetMs += 60_000 - (now % 60_000);
    for (let i = 0; i < 6; i++) statuses.push((await lookup(i % 2 === 0 ? a() : b())).status);
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[5]).toBe(429);
  });
});
