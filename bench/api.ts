/**
 * API throughput as shipped: Launchpad started the way `npm start` starts it (its own process,
 * default configuration: background jobs and request logging at info to a file, PGlite on disk in
 * the data folder, the release list unreachable; bench/support/launchpad-process.ts), several
 * signed-in users, 1,000 users × 10 deployments and 1,000 licences in the database. Three cases:
 * `GET /api/deployments` of a user with 10 deployments, of a new user with none (the first screen),
 * and `GET /api/balance`; autocannon at 64 connections for 10 s (BENCH_QUICK=1: 2 s), on PGlite and
 * on PostgreSQL.
 *
 * The reference (the goal's) is the simplest program doing an authenticated read: node:http that
 * verifies the ES256 token with jose on every request and answers one indexed select returning as
 * many rows (bench/support/api-reference.ts), in its own process like Launchpad, on the same database
 * opened the simplest way (PGlite in its process, or its own pg pool). PGlite cannot be opened twice, so Launchpad and the
 * reference take turns on the one seeded database, alternated over two rounds (each figure is the
 * better of the two rounds: the machine is shared and its noise only ever slows a target).
 * Each target's CPU time per request (its process, all threads, from /proc; on PostgreSQL plus the
 * database's backends) is printed beside the rates: a loaded machine stretches latencies and cuts
 * rates much more than the CPU a request takes. It includes what Launchpad's background jobs use
 * meanwhile, and grows when a starved server answers few requests per wake-up: orientation, no goal.
 * Beside this seeded case, each database also gets issue 48's new-installation case (a fresh folder
 * or database, one user signed in through Chromium, one token, Node's http.get, the median of the
 * rounds; bench/support/new-installation.ts).
 * `npm run bench:api`; `BENCH_CPU_PROF=<folder>` writes Launchpad's CPU profiles there; `BENCH_DB=pglite`
 * or `postgresql` measures one database only, `BENCH_CASE=seeded` or `new` one case only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startServer } from '../server/start';
import { api } from '../test/support/api-client';
import { signIn } from '../test/support/sign-in';
import { type TestPostgresDatabase } from '../test/support/postgres';
import { benchPostgres } from './postgres';
import { freePort, referenceAuthOf, startReference, type ReferenceProcess } from './support/reference-process';
import { startLaunchpadProcess, type LaunchpadProcess } from './support/launchpad-process';
import { runLoad, type LoadFigures } from './support/load';
import { report, runBench, type Figure } from './support/report';
import { seedApiData } from './support/seed-api';
import { benchNewInstallation, newInstallationNote } from './support/new-installation';
import { fmt, quick, watchdog } from './support/stats';
import { cpuMs } from './support/cpu';
import pg from 'pg';

const userCount = 1_000;
const perUser = 10;
/** signed-in users with 10 deployments each, and as many new users with none */
const signedInUsers = quick ? 4 : 16;
const connections = 64;
const durationS = quick ? 2 : 10;
const warmupS = quick ? 1 : 2;
/** once per start of a target, per case (as the new-installation case does): a started process first compiles its hot paths and runs its jobs' first passes */
const startWarmupS = quick ? 0 : 4;
const rounds = quick ? 1 : 2;
const p99GoalMs = 40;

interface Case {
  name: string;
  path: string;
  tokens: string[];
}

watchdog('api', 30 * 60_000);

/** A run's figures with the CPU time each request took: the server's process (all its threads) and, on PostgreSQL, the database's backends. */
interface Measured extends LoadFigures {
  serverCpuUs?: number;
  databaseCpuUs?: number;
}

const us = (v: number | undefined) => (v === undefined ? '-' : `${fmt(v)} µs`);
const describe = (l: Measured) => `${fmt(l.reqPerS)} req/s, p50 ${l.p50} ms, p99 ${l.p99} ms${l.failed ? `, ${fmt(l.failed)} failed` : ''}`;
const describeCpu = (l: Measured) => `${us(l.serverCpuUs)} in the server${l.databaseCpuUs === undefined ? '' : ` + ${us(l.databaseCpuUs)} in PostgreSQL`}`;

/** The PostgreSQL backends serving the bench's database (the one connection of this query excluded). */
async function backendPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

const cpuOf = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuMs(pid)]));

/** CPU the backends used between two samples: those that lived through both, and whatever new ones used since they started. */
function backendCpuBetween(before: Map<number, number | undefined>, after: Map<number, number | undefined>): number {
  let sum = 0;
  for (const [pid, end] of after) {
    if (end === undefined) continue;
    const start = before.get(pid);
    if (before.has(pid) && start === undefined) continue;
    sum += end - (start ?? 0);
  }
  return sum;
}

async function measure(target: string, tokens: string[], pid: number | undefined, databaseUrl: string | undefined): Promise<Measured> {
  if (warmupS) await runLoad({ url: target, tokens, connections, durationS: warmupS });
  const db0 = cpuOf(databaseUrl ? await backendPids(databaseUrl) : []);
  const server0 = pid ? cpuMs(pid) : undefined;
  const load = await runLoad({ url: target, tokens, connections, durationS });
  const server1 = pid ? cpuMs(pid) : undefined;
  const db1 = cpuOf(databaseUrl ? await backendPids(databaseUrl) : []);
  const requests = load.ok + load.failed;
  return {
    ...load,
    serverCpuUs: server0 === undefined || server1 === undefined || !requests ? undefined : ((server1 - server0) * 1000) / requests,
    databaseCpuUs: databaseUrl && requests ? (backendCpuBetween(db0, db1) * 1000) / requests : undefined,
  };
}

async function warmUp(url: string, cases: Case[]): Promise<void> {
  if (startWarmupS) for (const c of cases) await runLoad({ url: `${url}${c.path}`, tokens: c.tokens, connections, durationS: startWarmupS });
}

/** The better of several runs of one target: the higher rate, with that run's latencies. */
const best = (runs: Measured[]): Measured => runs.reduce((a, b) => (b.reqPerS > a.reqPerS ? b : a));

async function benchDatabase(kind: 'PGlite' | 'PostgreSQL', pgdb: TestPostgresDatabase | undefined, logDir: string): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-api-'));
  const devUsers = Array.from({ length: 2 * signedInUsers }, (_, i) => `user${i}@bench.test:bench-pass-${i}`).join(',');
  // One port for every start: the issuer (and so the tokens' validity) is derived from it.
  const env = { DEV_USERS: devUsers, PORT: String(await freePort()), ...(pgdb ? { DATABASE_URL: pgdb.url } : {}) };
  const logFile = path.join(logDir, `launchpad-${kind.toLowerCase()}.log`);
  const start = () => startLaunchpadProcess({ dataDir, env, logFile });
  let launchpad: LaunchpadProcess | undefined;
  let reference: ReferenceProcess | undefined;
  const figures: Figure[] = [];
  try {
    launchpad = await start();
    const server = { url: launchpad.url };
    const tokens: string[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 2 * signedInUsers; i++) {
      const token = (await signIn(server, `user${i}@bench.test`, `bench-pass-${i}`)).accessToken;
      // The first request creates the user row and grants the free credit, as in real use.
      await api(server, '/api/balance', { token });
      tokens.push(token);
      ids.push(((await api(server, '/api/auth/me', { token })).body as { id?: string }).id ?? '');
    }
    if (ids.some((id) => !id)) throw new Error('GET /api/auth/me did not answer the signed-in user ids');
    const oidc = await referenceAuthOf(launchpad.url);
    await launchpad.stop();
    launchpad = undefined;

    // Seeded with Launchpad stopped (PGlite has one owner): the first half of the signed-in users
    // get 10 deployments. Then every background job runs once, as on a server that has been
    // running: the first metering pass would otherwise charge a day of 10,000 seeded deployments
    // (and the reconciler settle the seeded machines) inside the measurement.
    const t0 = performance.now();
    const seeding = await startServer({ env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RELEASES_URL: 'off', PUBLIC_URL: '' }, jobs: false });
    try {
      await seedApiData(seeding.deps.db, { userCount, perUser, existingUserIds: ids.slice(0, signedInUsers) });
      for (const job of seeding.services.jobs) await job.run();
      // Vacuumed as a database in service is: else autovacuum takes up the bulk load's new rows
      // during the first measurement (one at a time: VACUUM cannot share a statement).
      await seeding.deps.db.execute(sql.raw('vacuum analyze'));
      if (pgdb) await seeding.deps.db.execute(sql.raw('checkpoint'));
    } finally {
      await seeding.close();
    }
    console.log(`${kind}: seeded ${fmt(userCount)} users × ${perUser} deployments and ${fmt(userCount)} licences in ${fmt(performance.now() - t0)} ms`);

    const cases: Case[] = [
      { name: `GET /api/deployments (${perUser} rows)`, path: '/api/deployments', tokens: tokens.slice(0, signedInUsers) },
      { name: 'GET /api/deployments (empty: a new user)', path: '/api/deployments', tokens: tokens.slice(signedInUsers) },
      { name: 'GET /api/balance', path: '/api/balance', tokens: tokens.slice(0, signedInUsers) },
    ];
    const ours = new Map<Case, Measured[]>(cases.map((c) => [c, []]));
    const theirs = new Map<Case, Measured[]>(cases.map((c) => [c, []]));
    for (let round = 0; round < rounds; round++) {
      launchpad = await start();
      for (const c of cases) {
        const check = await api({ url: launchpad.url }, c.path, { token: c.tokens[0] });
        if (check.status !== 200) throw new Error(`Launchpad answered ${check.status} to ${c.path}`);
        if (c.path === '/api/deployments' && (check.body as unknown[]).length !== (c.name.includes('empty') ? 0 : perUser)) throw new Error(`${c.name}: unexpected row count`);
      }
      await warmUp(launchpad.url, cases);
      for (const c of cases) ours.get(c)?.push(await measure(`${launchpad.url}${c.path}`, c.tokens, launchpad.pid, pgdb?.url));
      await launchpad.stop();
      launchpad = undefined;

      reference = await startReference({ ...oidc, dataDir, databaseUrl: pgdb?.url });
      for (const c of cases) {
        const check = await api({ url: reference.url }, c.path, { token: c.tokens[0] });
        if (check.status !== 200) throw new Error(`the reference answered ${check.status} to ${c.path}`);
      }
      await warmUp(reference.url, cases);
      for (const c of cases) theirs.get(c)?.push(await measure(`${reference.url}${c.path}`, c.tokens, reference.pid, pgdb?.url));
      await reference.close();
      reference = undefined;
    }

    for (const c of cases) {
      const lp = best(ours.get(c) ?? []);
      const ref = best(theirs.get(c) ?? []);
      const ok = lp.failed === 0 && lp.ok > 0;
      const ratio = lp.reqPerS / ref.reqPerS;
      const p99Goal = kind === 'PostgreSQL' ? `p99 < ${p99GoalMs} ms` : `p99 ≤ reference's (${ref.p99} ms)`;
      const p99Met = kind === 'PostgreSQL' ? lp.p99 < p99GoalMs : lp.p99 <= ref.p99;
      figures.push(
        { figure: `${kind} ${c.name}: Launchpad as shipped`, value: describe(lp), goal: p99Goal, met: ok && p99Met },
        { figure: `${kind} ${c.name}: minimal reference (jose + one indexed select)`, value: describe(ref), goal: '' },
        {
          figure: `${kind} ${c.name}: Launchpad ÷ reference`,
          value: `${ratio.toFixed(2)} (rounds: ${(ours.get(c) ?? []).map((r, i) => (r.reqPerS / (theirs.get(c)?.[i]?.reqPerS ?? NaN)).toFixed(2)).join(', ')})`,
          goal: '≥ 1.00',
          met: ok && ratio >= 1,
        },
      );
      // The least disturbed round of each: CPU time per request moves little with the machine's load.
      const leastCpu = (runs: Measured[]) => runs.reduce((a, b) => ((b.serverCpuUs ?? Infinity) + (b.databaseCpuUs ?? 0) < (a.serverCpuUs ?? Infinity) + (a.databaseCpuUs ?? 0) ? b : a));
      const lpCpu = leastCpu(ours.get(c) ?? []);
      const refCpu = leastCpu(theirs.get(c) ?? []);
      const total = (m: Partial<Measured>) => (m.serverCpuUs ?? NaN) + (m.databaseCpuUs ?? 0);
      figures.push({
        figure: `${kind} ${c.name}: CPU time per request, Launchpad / reference`,
        value: `${describeCpu(lpCpu)} / ${describeCpu(refCpu)} (reference ÷ Launchpad ${(total(refCpu) / total(lpCpu)).toFixed(2)}; rounds: ${(ours.get(c) ?? []).map((r, i) => (total(theirs.get(c)?.[i] ?? {}) / total(r)).toFixed(2)).join(', ')})`,
        goal: '',
      });
    }
  } finally {
    await reference?.close();
    await launchpad?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

async function main() {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-api-logs-'));
  const notes = [
    `seeded: ${connections} connections (autocannon) for ${durationS} s per target (after ${startWarmupS} s of warm-up per case once a target has started, and ${warmupS} s before each run), ${signedInUsers} signed-in users' tokens per case dealt round-robin to the connections; Launchpad and the reference take turns on the seeded database, ${rounds} rounds, the better round of each shown`,
    newInstallationNote,
    `Launchpad as \`npm start\` runs it (own process, jobs on, request log at info to ${logDir}, release list unreachable)`,
    'the machine is shared with other work: compare the ratios, not the absolute rates',
  ];
  const figures: Figure[] = [];
  // BENCH_DB=pglite or postgresql: one database only; BENCH_CASE=seeded or new: one case only (while working on one)
  const only = process.env.BENCH_DB?.toLowerCase();
  const onlyCase = process.env.BENCH_CASE?.toLowerCase();
  const cases = async (kind: 'PGlite' | 'PostgreSQL', pgdb: TestPostgresDatabase | undefined) => {
    if (onlyCase !== 'seeded') {
      // its own fresh database: a new installation
      const fresh = kind === 'PostgreSQL' ? await benchPostgres() : undefined;
      try {
        figures.push(...(await benchNewInstallation(kind, fresh, logDir)));
      } finally {
        await fresh?.drop();
      }
    }
    if (onlyCase !== 'new') figures.push(...(await benchDatabase(kind, pgdb, logDir)));
  };
  if (only !== 'postgresql') await cases('PGlite', undefined);
  const pgdb = only === 'pglite' ? undefined : await benchPostgres();
  if (pgdb) {
    try {
      await cases('PostgreSQL', pgdb);
    } finally {
      await pgdb.drop();
    }
  } else if (only !== 'pglite') {
    notes.push('no PostgreSQL at postgres://root@127.0.0.1:5432 (TEST_POSTGRES_URL): PostgreSQL figures skipped');
  }
  report('api', `API under load, as shipped${quick ? ' (QUICK: not meaningful)' : ''}`, figures, notes);
}

runBench('bench:api', main);
