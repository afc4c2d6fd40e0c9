/**
 * API throughput under load: `GET /api/deployments` and `GET /api/balance` with valid bearer tokens
 * of several signed-in users, 1,000 users × 10 deployments and 1,000 licences in the database,
 * autocannon at concurrency 64 for 10 s (BENCH_QUICK=1: 2 s), on PGlite and on PostgreSQL.
 *
 * In the same run, two references answer the same requests:
 *  (a) bare node:http answering the same JSON bytes — the ceiling of any JSON API here;
 *  (b) a minimal node:http server that verifies the ES256 token with jose on every request and
 *      answers one indexed select returning as many rows (the goal's reference);
 *  (c) node:http + jose running Launchpad's own statements (bench/support/api-reference.ts).
 * PGlite cannot be opened twice, so Launchpad and the references run one after the other against
 * the one seeded database (the reference uses Launchpad's own PGlite instance or pg pool while
 * Launchpad sits idle). The load generator runs in a child process; the servers share this one.
 * `npm run bench:api`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startServer, type RunningServer } from '../server/start';
import { api } from '../server/test-support/api-client';
import { signIn } from '../server/test-support/sign-in';
import { type TestPostgresDatabase } from '../server/test-support/postgres';
import { benchPostgres } from './postgres';
import { fetchJwks, startBare, startMinimal, startSameWork, type Listening, type Query } from './support/api-reference';
import { runLoad, type LoadFigures } from './support/load';
import { report, runBench, type Figure } from './support/report';
import { sampleRss } from './support/rss';
import { seedApiData } from './support/seed-api';
import { fmt, mb, quick, watchdog } from './support/stats';

const userCount = 1_000;
const perUser = 10;
const signedInUsers = quick ? 4 : 16;
const connections = 64;
const durationS = quick ? 2 : 10;
const warmupS = quick ? 1 : 2;
const p99GoalMs = 40;
const endpoints = ['/api/deployments', '/api/balance'] as const;

watchdog('api', 20 * 60_000);

/** Access logs are produced as in production but go nowhere: their cost counts, the bench output stays readable. */
const discard = { write: () => undefined };

async function startLaunchpad(pgdb: TestPostgresDatabase | undefined, dataDir: string, rendererRoot: string): Promise<RunningServer> {
  const devUsers = Array.from({ length: signedInUsers }, (_, i) => `user${i}@bench.test:bench-pass-${i}`).join(',');
  return startServer({
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', RELEASES_URL: 'off', PUBLIC_URL: '', DEV_USERS: devUsers, ...(pgdb ? { DATABASE_URL: pgdb.url } : {}) },
    // On disk, so that the references can open the same database once Launchpad has stopped.
    inMemoryDatabase: false,
    jobs: false,
    rendererRoot,
    logDestination: discard,
  });
}

const describe = (l: LoadFigures) => `${fmt(l.reqPerS)} req/s, p50 ${l.p50} ms, p99 ${l.p99} ms${l.failed ? `, ${fmt(l.failed)} failed` : ''}`;

async function measure(target: string, tokens: string[]): Promise<LoadFigures> {
  if (warmupS) await runLoad({ url: target, tokens, connections, durationS: warmupS });
  return runLoad({ url: target, tokens, connections, durationS });
}

/** The seeded database opened the simplest way for the references: in-process PGlite, or a pg pool. */
async function openReferenceDatabase(pgdb: TestPostgresDatabase | undefined, dataDir: string): Promise<{ query: Query; close(): Promise<void> }> {
  if (pgdb) {
    const pool = new pg.Pool({ connectionString: pgdb.url, max: 10 });
    pool.on('error', () => undefined);
    return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
  }
  const client = new PGlite(path.join(dataDir, 'pglite'));
  return { query: (text, params) => client.query(text, params), close: () => client.close() };
}

async function benchDatabase(kind: 'PGlite' | 'PostgreSQL', pgdb: TestPostgresDatabase | undefined): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-api-'));
  const rendererRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-api-renderer-'));
  fs.writeFileSync(path.join(rendererRoot, 'index.html'), '<!doctype html><title>bench</title>');
  const server = await startLaunchpad(pgdb, dataDir, rendererRoot);
  const refs: Listening[] = [];
  const figures: Figure[] = [];
  let closed = false;
  let closeReference: (() => Promise<void>) | undefined;
  try {
    const tokens: string[] = [];
    for (let i = 0; i < signedInUsers; i++) tokens.push((await signIn(server, `user${i}@bench.test`, `bench-pass-${i}`)).accessToken);
    const userIds: string[] = [];
    for (const token of tokens) {
      // The first request creates the user row and grants the free credit, as in real use.
      await api(server, '/api/balance', { token });
      userIds.push(((await api(server, '/api/auth/me', { token })).body as { id?: string }).id ?? '');
    }
    if (userIds.some((id) => !id)) throw new Error('GET /api/auth/me did not answer the signed-in user ids');
    const t0 = performance.now();
    await seedApiData(server.deps.db, { userCount, perUser, existingUserIds: userIds });
    // Statistics and a checkpoint now, so no target pays for the seed's after-effects.
    await server.deps.db.execute(sql.raw(pgdb ? 'analyze; checkpoint' : 'analyze'));
    console.log(`${kind}: seeded ${fmt(userCount)} users × ${perUser} deployments and ${fmt(userCount)} licences in ${fmt(performance.now() - t0)} ms`);

    const bodies: Record<string, Buffer> = {};
    for (const p of endpoints) {
      const res = await fetch(`${server.url}${p}`, { headers: { authorization: `Bearer ${tokens[0]}` } });
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
      bodies[p] = Buffer.from(await res.arrayBuffer());
    }
    if ((JSON.parse(bodies['/api/deployments']?.toString() ?? '[]') as unknown[]).length !== perUser) throw new Error('the signed-in user does not see the seeded deployments');

    const oidc = {
      jwks: await fetchJwks(server.config.oidc.issuer),
      issuer: server.config.oidc.issuer,
      audience: server.config.oidc.audience,
      clientId: server.config.oidc.clientId,
      productId: server.config.product.id,
    };

    // Launchpad first, on its own; then it stops and the references open the same database the
    // simplest way: PGlite in their own process and thread, or their own pg pool.
    const rssIdle = process.memoryUsage.rss();
    let rssPeak = rssIdle;
    const launchpad: Record<string, LoadFigures> = {};
    for (const p of endpoints) {
      const rss = sampleRss();
      launchpad[p] = await measure(`${server.url}${p}`, tokens);
      rssPeak = Math.max(rssPeak, rss.stop().peak);
    }
    await server.close();
    closed = true;
    const reference = await openReferenceDatabase(pgdb, dataDir);
    closeReference = reference.close;
    const referenceOptions = { query: reference.query, ...oidc };
    const minimal = await startMinimal(referenceOptions);
    const sameWork = await startSameWork(referenceOptions);
    refs.push(minimal, sameWork);
    const bare = await startBare(bodies);
    refs.push(bare);
    const check = await fetch(`${minimal.url}/api/balance`, { headers: { authorization: `Bearer ${tokens[0]}` } });
    if (check.status !== 200) throw new Error(`the minimal reference answered ${check.status}`);

    for (const p of endpoints) {
      const lp = launchpad[p] as LoadFigures;
      const ref = await measure(`${minimal.url}${p}`, tokens);
      const same = await measure(`${sameWork.url}${p}`, tokens);
      const ceiling = await measure(`${bare.url}${p}`, tokens);
      const label = `${kind} GET ${p}`;
      const ok = lp.failed === 0 && lp.ok > 0;
      figures.push(
        { figure: `${label}: Launchpad`, value: describe(lp), goal: `p99 < ${p99GoalMs} ms`, met: ok && lp.p99 < p99GoalMs },
        { figure: `${label}: minimal reference (jose + one indexed select)`, value: describe(ref), goal: '' },
        { figure: `${label}: same-work reference (jose + Launchpad's statements)`, value: describe(same), goal: '' },
        { figure: `${label}: bare node:http`, value: describe(ceiling), goal: '' },
        { figure: `${label}: Launchpad ÷ reference`, value: (lp.reqPerS / ref.reqPerS).toFixed(2), goal: '≥ 1.00', met: ok && lp.reqPerS >= ref.reqPerS },
        { figure: `${label}: Launchpad ÷ bare`, value: (lp.reqPerS / ceiling.reqPerS).toFixed(2), goal: '' },
      );
    }
    figures.push({ figure: `${kind}: bench process RSS idle → peak under Launchpad load`, value: `${mb(rssIdle)} → ${mb(rssPeak)}`, goal: '' });
  } finally {
    for (const r of refs) await r.close();
    await closeReference?.();
    if (!closed) await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(rendererRoot, { recursive: true, force: true });
  }
  return figures;
}

async function main() {
  const notes = [
    `${connections} connections for ${durationS} s per target (after ${warmupS} s of warm-up), ${signedInUsers} signed-in users' tokens dealt round-robin to the connections`,
    'Launchpad runs first (PGlite on its worker thread); then it stops and the references open the same seeded database in their own process (PGlite in-process, or their own pg pool)',
    'RSS is the bench process: Launchpad plus, on PGlite, the in-process database',
  ];
  const figures: Figure[] = [];
  figures.push(...(await benchDatabase('PGlite', undefined)));
  const pgdb = await benchPostgres();
  if (pgdb) {
    try {
      figures.push(...(await benchDatabase('PostgreSQL', pgdb)));
    } finally {
      await pgdb.drop();
    }
  } else {
    notes.push('no PostgreSQL at postgres://root@127.0.0.1:5432 (TEST_POSTGRES_URL): PostgreSQL figures skipped');
  }
  report('api', `API under load${quick ? ' (QUICK: not meaningful)' : ''}`, figures, notes);
}

runBench('bench:api', main);
