/**
 * Start-up as users meet it: `npm start` itself (the system check, the builds when their sources
 * changed — build/renderer-stamp.mjs, scripts/server-bundle.mjs — and the compiled server), from
 * spawn to the first 200 on `/readyz`: a first start as on a fresh clone (no builds, a fresh data
 * folder: PGlite created and migrated on disk) and a restart (nothing changed, same folder). With
 * each time the CPU time (user + system) of everything `npm start` ran, which a loaded machine
 * inflates much less than the wall clock, and the server's RSS once idle.
 * `npm run bench:startup`. BENCH_QUICK=1: one start of each kind.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchPostgres } from './postgres';
import { npmStartAllocator } from './support/launchpad-process';
import { groupCpuSeconds, groupMembers } from './support/process-group';
import { report, runBench, type Figure } from './support/report';
import { mb, median, ms, quick, sleep, watchdog } from './support/stats';

const runs = quick ? 1 : 3;
const idleMs = 3000;
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

watchdog('startup', 15 * 60_000);

interface Start {
  /** spawn → first 200 on /readyz */
  readyMs: number;
  /** user + system CPU of every process the command ran, until ready */
  cpuMs: number;
  /** what the server printed: from its own first line of code to listening with the app */
  serverMs: number;
  /** the server's process, `idleMs` after ready (when asked for) */
  rssIdle: number;
}

/** Resolves with the URL the server prints once it listens, and the time it says it took. */
function printed(child: ReturnType<typeof spawn>): Promise<{ url: string; serverMs: number }> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      const m = /running at (http\S+)\s+\(started in (\d+) ms\)/.exec(out);
      if (m?.[1]) resolve({ url: m[1], serverMs: Number(m[2]) });
    });
    child.stderr?.on('data', (d: Buffer) => (err += d.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing its URL: ${err.slice(-800)}`)));
  });
}

/** The process that runs the server: `npm start`'s node scripts/start.mjs, or node dist/server/main.mjs. */
const serverRss = (pgid: number): number =>
  Math.max(
    0,
    ...groupMembers(pgid)
      .filter((m) => /scripts\/start\.mjs|dist\/server\/main\.mjs/.test(m.command))
      .map((m) => m.rssBytes),
  );

/** Runs a command in its own process group until /readyz answers 200, then stops the group. */
async function startOnce(command: string, args: string[], dataDir: string, opts: { databaseUrl?: string; rss?: boolean } = {}): Promise<Start> {
  const t0 = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PUBLIC_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RELEASES_URL: 'off', DATABASE_URL: opts.databaseUrl ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pgid = child.pid ?? 0;
  try {
    const { url, serverMs } = await printed(child);
    for (;;) {
      const status = await fetch(`${url}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (performance.now() - t0 > 180_000) throw new Error('no 200 on /readyz within 3 minutes');
      await sleep(10);
    }
    const readyMs = performance.now() - t0;
    const cpuMs = groupCpuSeconds(pgid) * 1000;
    let rssIdle = NaN;
    if (opts.rss) {
      await sleep(idleMs);
      rssIdle = serverRss(pgid);
    }
    return { readyMs, cpuMs, serverMs, rssIdle };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // npm, the shell and the server are one process group: the server hears the SIGTERM as from a terminal.
    if (pgid) process.kill(-pgid, 'SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (child.exitCode === null && pgid) process.kill(-pgid, 'SIGKILL');
  }
}

/** `npm start` as a user runs it; `fresh` removes both builds' records first, as on a fresh clone. */
function npmStart(dataDir: string, fresh: boolean, opts: { databaseUrl?: string; rss?: boolean } = {}): Promise<Start> {
  if (fresh) {
    fs.rmSync(path.join(root, 'dist', 'renderer.stamp'), { force: true });
    fs.rmSync(path.join(root, 'dist', 'server'), { recursive: true, force: true });
  }
  return startOnce('npm', ['start'], dataDir, opts);
}

/** RSS of PGlite alone on the data folder, as the server opens it (bench/support/pglite-alone.mjs), once idle. */
async function pgliteAloneRss(dataDir: string): Promise<number> {
  const env = { ...process.env, ...npmStartAllocator };
  const child = spawn(process.execPath, [path.join(root, 'bench/support/pglite-alone.mjs'), dataDir], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString('utf8').includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`pglite-alone exited with ${code}`)));
    });
    await sleep(idleMs);
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${child.pid ?? 0}/status`, 'utf8'))?.[1];
    return Number(kb ?? NaN) * 1024;
  } finally {
    child.kill('SIGKILL');
  }
}

const series = (starts: Start[], pick: (s: Start) => number) => `${ms(median(starts.map(pick)))} (${starts.map((s) => ms(pick(s))).join(', ')})`;

async function main() {
  const first: Start[] = [];
  const restart: Start[] = [];
  const alone: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-npm-start-'));
    try {
      first.push(await npmStart(dataDir, true, { rss: true }));
      restart.push(await npmStart(dataDir, false, { rss: true }));
      alone.push(await pgliteAloneRss(dataDir));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  // The compiled server alone (what npm start runs last), on a fresh data folder: PGlite's cluster created and migrated.
  const cold: Start[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-startup-'));
    try {
      cold.push(await startOnce(process.execPath, [path.join(root, 'dist/server/main.mjs')], dataDir));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const rssPglite = median(restart.map((s) => s.rssIdle));
  const rssAlone = median(alone);
  const figures: Figure[] = [
    {
      figure: `\`npm start\` first start (fresh clone: renderer and server built, fresh data folder) → first 200 on /readyz, median of ${runs}`,
      value: series(first, (s) => s.readyMs),
      goal: '≤ 12.00 s',
      met: median(first.map((s) => s.readyMs)) <= 12_000,
    },
    { figure: '`npm start` first start: CPU time of everything it ran (user + system), median', value: series(first, (s) => s.cpuMs), goal: '' },
    {
      figure: `\`npm start\` restart (nothing changed: no build) → first 200 on /readyz, median of ${runs}`,
      value: series(restart, (s) => s.readyMs),
      goal: '≤ 5.00 s',
      met: median(restart.map((s) => s.readyMs)) <= 5_000,
    },
    { figure: '`npm start` restart: CPU time of everything it ran (user + system), median', value: series(restart, (s) => s.cpuMs), goal: '' },
    { figure: "`npm start` restart: the server's own start (its first line of code → listening with the app, as it prints), median", value: series(restart, (s) => s.serverMs), goal: '' },
    {
      figure: `compiled server alone, cold (fresh data folder: PGlite created and migrated) → first 200 on /readyz, median of ${runs}`,
      value: series(cold, (s) => s.readyMs),
      goal: '≤ 5.00 s',
      met: median(cold.map((s) => s.readyMs)) <= 5000,
    },
    { figure: 'compiled server alone, cold: CPU time (user + system), median', value: series(cold, (s) => s.cpuMs), goal: '' },
    { figure: 'reference: PGlite alone on its thread, as the server opens it (same settings, same data folder), idle', value: mb(rssAlone), goal: '' },
    { figure: "server's own share on PGlite (server − PGlite alone)", value: mb(rssPglite - rssAlone), goal: '' },
    {
      // PGlite's initdb grows its WebAssembly memory to ~600 MB, which never shrinks: the creating thread is replaced (server/db/pglite-thread.ts)
      figure: `server RSS idle on PGlite after a first start (fresh data folder: the cluster created), ${idleMs / 1000} s after ready, median`,
      value: mb(median(first.map((s) => s.rssIdle))),
      goal: '≤ 300 MB',
      met: median(first.map((s) => s.rssIdle)) <= 300e6,
    },
    {
      figure: `server RSS idle on PGlite, total (the embedded default; \`npm start\` restart, ${idleMs / 1000} s after ready, median)`,
      value: mb(rssPglite),
      goal: '≤ 300 MB',
      met: rssPglite <= 300e6,
    },
  ];
  const pgdb = await benchPostgres();
  if (pgdb) {
    try {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-startup-pg-'));
      await npmStart(dataDir, false, { databaseUrl: pgdb.url });
      const onPostgres = await npmStart(dataDir, false, { databaseUrl: pgdb.url, rss: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
      figures.push({ figure: 'server RSS idle on PostgreSQL (`npm start` restart)', value: mb(onPostgres.rssIdle), goal: '≤ 250 MB', met: onPostgres.rssIdle <= 250e6 });
    } finally {
      await pgdb.drop();
    }
  }
  report('startup', `Start-up${quick ? ' (QUICK: not meaningful)' : ''}`, figures, [
    "`npm start` figures: the npm script itself (system check, builds when their sources changed, the compiled server in the same process); a first start removes both builds' records (dist/renderer.stamp, dist/server) and uses a fresh data folder",
    'CPU time: user + system of npm, the shell, the server and the builds it ran, until the first 200; the machine is shared with other work, which stretches the wall clock more than the CPU time',
    "PGlite runs on a thread of the server's process: the RSS goal is the whole process",
  ]);
}

runBench('bench:startup', main);
