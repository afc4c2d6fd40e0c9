/**
 * Ping ingest and Ping Dashboard figures: ingest throughput over loopback with concurrency 50
 * against Launchpad as shipped (bench/support/launchpad-process.ts), and admin page latency (an
 * in-process server, which the seeding needs) at 1k vs 100k installations (with ~1M history rows at the larger size).
 * Runs on PostgreSQL (postgres://root@127.0.0.1:5432/test, a fresh database) when reachable,
 * otherwise on PGlite with smaller sizes. `npm run bench:pings`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { startServer } from '../server/start';
import { benchPostgres } from './postgres';
import { api } from '../test/support/api-client';
import { signIn } from '../test/support/sign-in';
import { report, type Figure } from './support/report';
import { startLaunchpadProcess } from './support/launchpad-process';
import { startReferenceScript } from './support/reference-process';
import { median, quick } from './support/stats';

const pingSenders = 50;
/** BENCH_ROUNDS overrides (odd numbers have a true median) */
const rounds = Number(process.env.BENCH_ROUNDS ?? (quick ? 1 : 3));
const support = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support');
const loadChild = path.join(support, 'ping-load-child.ts');

interface PingLoad {
  ok: number;
  failed: number;
  perS: number;
  p50: number;
  p99: number;
}

/** Sends `total` pings from 50 senders in a child process (bench/support/ping-load-child.ts). */
function pingLoad(url: string, total: number, offset: number): Promise<PingLoad> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', loadChild, JSON.stringify({ url, senders: pingSenders, total, offset })], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    proc.on('error', reject);
    proc.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as PingLoad) : reject(new Error(`ping load exited with ${code}`))));
  });
}

async function main() {
  const pgdb = await benchPostgres();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-pings-'));
  const server = await startServer({
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RELEASES_URL: 'off',
      DEV_USERS: 'admin@bench.test:bench-pass:admin',
      PING_RATE_LIMIT_PER_MINUTE: '1000000000',
      ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    },
    inMemoryDatabase: !pgdb,
    jobs: false,
  });
  let ratio: number | undefined;
  const goals: Figure[] = [];
  const rows: [string, string][] = [['database', pgdb ? 'PostgreSQL' : 'PGlite (no PostgreSQL reachable: smaller sizes)']];
  try {
    // Ingest over loopback through the real route, Launchpad started as `npm start` starts it (its
    // own process, jobs and request log on, the release list unreachable; only the per-address
    // limit is raised): 50 installations, each from its own address, in a child process, each ping as
    // the platform's ping.go sends it; the reference (its own process too) takes turns with it under
    // the same load, several rounds, the median of each.
    const total = quick ? 2000 : pgdb ? 20_000 : 5000;
    // An installation with customers: each batch asks, per installation, whether a deployment has its
    // address (the managed flag), so the deployments table is there as it would be: most of its rows
    // are deployments deleted long ago (no job picks them up, no alert counts them).
    if (pgdb) {
      await server.deps.db.execute(sql`
        with owners as (
          insert into users (issuer, subject, email) select 'https://bench.test', 'owner-' || g, 'owner-' || g || '@bench.test' from generate_series(0, 999) g returning id
        ), numbered as (select id, row_number() over () - 1 as n from owners)
        insert into deployments (user_id, name, deployment_config_id, provider, status, ipv4, timeout_mins, hourly_rate_cents, created_at, updated_at, deleted_at)
        select id, 'customer-' || (n * 10 + k), 'trial-vm', 'local', 'deleted', '10.0.' || ((n * 10 + k) / 256) || '.' || ((n * 10 + k) % 256), 60, 10, at - interval '1 hour', at, at
        from numbered cross join generate_series(0, 9) k cross join lateral (select now() - interval '30 days' - (n * 10 + k) * interval '1 minute' as at) t`);
      await server.deps.db.execute(sql`analyze deployments`);
      rows.push(['deployments in the database during ingest', '10,000 of 1,000 users, deleted a month ago (none at a sender’s address)']);
    }
    const senders = `${pingSenders} senders from distinct loopback addresses`;
    const shippedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-pings-shipped-'));
    const logFile = path.join(shippedDir, 'launchpad.log');
    const shipped = await startLaunchpadProcess({ dataDir: shippedDir, logFile, env: { PING_RATE_LIMIT_PER_MINUTE: '1000000000', ...(pgdb ? { DATABASE_URL: pgdb.url } : {}) } });
    const reference = pgdb ? await startReferenceScript(path.join(support, 'ping-reference-child.ts'), { databaseUrl: pgdb.url }) : undefined;
    const ours: PingLoad[] = [];
    const theirs: PingLoad[] = [];
    try {
      // Each target first takes a warm-up load that is not counted (a process's first seconds, JIT and
      // connections, are not what an installation pinging a running Launchpad meets).
      const warmUp = quick ? 0 : 2000;
      if (warmUp > 0) {
        await pingLoad(`${shipped.url}/api/ping`, warmUp, 2 * rounds * total);
        if (reference) await pingLoad(`${reference.url}/api/ping`, warmUp, 2 * rounds * total + warmUp);
      }
      for (let round = 0; round < rounds; round++) {
        ours.push(await pingLoad(`${shipped.url}/api/ping`, total, 2 * round * total));
        if (reference) theirs.push(await pingLoad(`${reference.url}/api/ping`, total, (2 * round + 1) * total));
      }
    } finally {
      await reference?.close();
      await shipped.stop();
      fs.rmSync(shippedDir, { recursive: true, force: true });
    }
    // the median round by rate, with its latencies
    const middle = (runs: PingLoad[]) => runs.find((r) => r.perS === median(runs.map((x) => x.perS))) ?? runs[0]!;
    const launchpad = middle(ours);
    rows.push([
      `ingest: Launchpad as shipped (${senders}, ping.go's bodies, median of ${rounds} rounds after a warm-up)`,
      `${launchpad.ok}/${total} stored, ${launchpad.perS} pings/s, p50 ${launchpad.p50} ms, p99 ${launchpad.p99} ms (rounds: ${ours.map((r) => r.perS).join(', ')})`,
    ]);
    if (theirs.length) {
      const ref = middle(theirs);
      rows.push([
        `ingest: reference (its own process: node:http + one upsert per ping, same load)`,
        `${ref.ok}/${total} stored, ${ref.perS} pings/s, p50 ${ref.p50} ms, p99 ${ref.p99} ms (rounds: ${theirs.map((r) => r.perS).join(', ')})`,
      ]);
      goals.push(
        { figure: 'ingest on PostgreSQL: Launchpad as shipped, pings/s', value: String(launchpad.perS), goal: '≥ 5000', met: launchpad.failed === 0 && launchpad.perS >= 5000 },
        {
          figure: 'ingest on PostgreSQL: Launchpad as shipped ÷ reference (medians)',
          value: `${(launchpad.perS / ref.perS).toFixed(2)} (rounds: ${ours.map((r, i) => (r.perS / (theirs[i]?.perS ?? NaN)).toFixed(2)).join(', ')})`,
          goal: '≥ 1.00',
          met: launchpad.failed === 0 && launchpad.perS >= ref.perS,
        },
      );
    }

    const { accessToken } = await signIn(server, 'admin@bench.test', 'bench-pass');
    const pageLatency = async (label: string) => {
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        const res = await api(server, `/api/admin/pings?page=${1 + (i % 10)}&page_size=30`, { token: accessToken });
        if (res.status !== 200) throw new Error(`admin page answered ${res.status}`);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const p50 = times[Math.floor(times.length / 2)] ?? 0;
      rows.push([`admin page latency, ${label}`, `p50 ${p50.toFixed(1)} ms, max ${(times[times.length - 1] ?? 0).toFixed(1)} ms`]);
      return p50;
    };

    const seed = async (installationsCount: number, historyPer: number) => {
      await server.deps.db.execute(sql`
        insert into installations (key, deployment_id, ip_address, version, apps_count, users_count, first_seen, last_ping, ping_count)
        select md5(g::text) || md5((g+1)::text), md5(g::text) || md5((g+1)::text), '10.1.' || (g % 250) || '.' || (g % 200), '2.' || (g % 13) || '.0', g % 7, g % 50,
               now() - (g % 400) * interval '1 day', now() - (g % 86400) * interval '1 second', ${historyPer}
        from generate_series(1, ${installationsCount}) g
        on conflict do nothing`);
      if (historyPer > 0) {
        await server.deps.db.execute(sql`
          insert into ping_history (installation_key, at, version, apps_count, users_count)
          select md5(g::text) || md5((g+1)::text), now() - h * interval '1 hour', '2.12.0', 1, 1
          from generate_series(1, ${installationsCount}) g, generate_series(1, ${historyPer}) h`);
      }
    };
    const small = 1000;
    const large = quick ? 5000 : pgdb ? 100_000 : 20_000;
    await seed(small, 10);
    const a = await pageLatency(`~${small} installations`);
    await seed(large, pgdb ? 10 : 2);
    const b = await pageLatency(`~${large} installations, ~${(large * (pgdb ? 10 : 2)).toLocaleString('en-US')} history rows`);
    ratio = b / a;
  } finally {
    await server.close();
    await pgdb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const figures: Figure[] = [...rows.map(([figure, value]) => ({ figure, value, goal: '' })), ...goals];
  figures.push({ figure: 'admin page latency ratio large / small (cost must not grow with the table)', value: ratio?.toFixed(2) ?? '-', goal: '≤ 1.50', met: ratio !== undefined && ratio <= 1.5 });
  report('pings', `Pings${quick ? ' (QUICK: not meaningful)' : ''}`, figures);
}

await main();
