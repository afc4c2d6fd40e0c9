/**
 * Start-up as `npm start` runs the server (`tsx server/main.ts`, after its build step): a child
 * process from spawn to the first 200 on `/readyz`, cold (a fresh data folder: PGlite created and
 * migrated on disk) and warm (the same folder again), and the server's RSS once idle.
 * `npm run bench:startup`. BENCH_QUICK=1: one start of each kind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchPostgres } from './postgres';
import { report, runBench, type Figure } from './support/report';
import { mb, median, ms, quick, sleep, watchdog } from './support/stats';

const runs = quick ? 1 : 3;
const idleMs = 3000;
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

watchdog('startup', 10 * 60_000);

interface Start {
  readyMs: number;
  rssIdle: number;
}

const rssOf = (pid: number): number => {
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? NaN) * 1024;
};

/** Resolves with the URL the server prints once it listens. */
function printedUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      const url = /running at (http\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.stderr?.on('data', (d: Buffer) => (err += d.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before printing its URL: ${err.slice(-800)}`)));
  });
}

/** RSS of PGlite alone on the data folder (bench/support/pglite-alone.ts), once idle. */
async function pgliteAloneRss(dataDir: string): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/support/pglite-alone.ts'), dataDir], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString('utf8').includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`pglite-alone exited with ${code}`)));
    });
    await sleep(idleMs);
    return rssOf(child.pid ?? 0);
  } finally {
    child.kill('SIGKILL');
  }
}

async function startOnce(dataDir: string, databaseUrl = ''): Promise<Start> {
  const t0 = performance.now();
  // `node --import tsx` is what the tsx command runs, without its extra wrapper process.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PUBLIC_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RELEASES_URL: 'off', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await printedUrl(child);
    for (;;) {
      const status = await fetch(`${url}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (performance.now() - t0 > 120_000) throw new Error('no 200 on /readyz within 2 minutes');
      await sleep(10);
    }
    const readyMs = performance.now() - t0;
    await sleep(idleMs);
    return { readyMs, rssIdle: rssOf(child.pid ?? 0) };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

/**
 * `npm start` itself, as a user runs it: the system check, the renderer build when its sources
 * changed (scripts/build-renderer.ts) and the server, from spawn to the first 200 on /readyz.
 * `firstStart` removes the build's stamp first, so the renderer is built as on a fresh clone.
 */
async function npmStart(dataDir: string, firstStart: boolean): Promise<number> {
  if (firstStart) fs.rmSync(path.join(root, 'dist', 'renderer.stamp'), { force: true });
  const t0 = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', PUBLIC_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RELEASES_URL: 'off', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await printedUrl(child);
    for (;;) {
      const status = await fetch(`${url}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) return performance.now() - t0;
      if (performance.now() - t0 > 120_000) throw new Error('no 200 on /readyz within 2 minutes');
      await sleep(10);
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // npm, the shell and the server are one process group: the server hears the SIGTERM as from a terminal.
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
  }
}

async function main() {
  const npmFirst: number[] = [];
  const npmRestart: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-npm-start-'));
    try {
      npmFirst.push(await npmStart(dataDir, true));
      npmRestart.push(await npmStart(dataDir, false));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const cold: Start[] = [];
  const warm: Start[] = [];
  const alone: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-startup-'));
    try {
      cold.push(await startOnce(dataDir));
      warm.push(await startOnce(dataDir));
      alone.push(await pgliteAloneRss(dataDir));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const coldMs = median(cold.map((s) => s.readyMs));
  const rssPglite = median(warm.map((s) => s.rssIdle));
  const rssAlone = median(alone);
  const rssGoal = 250 * 1024 * 1024;
  const figures: Figure[] = [
    {
      figure: `\`npm start\` first start (renderer built, fresh data folder) → first 200 on /readyz, median of ${runs}`,
      value: `${ms(median(npmFirst))} (${npmFirst.map(ms).join(', ')})`,
      goal: '≤ 12.00 s',
      met: median(npmFirst) <= 12_000,
    },
    {
      figure: `\`npm start\` restart (renderer unchanged: not rebuilt) → first 200 on /readyz, median of ${runs}`,
      value: `${ms(median(npmRestart))} (${npmRestart.map(ms).join(', ')})`,
      goal: '≤ 5.00 s',
      met: median(npmRestart) <= 5_000,
    },
    {
      figure: `cold start → first 200 on /readyz (fresh data folder, median of ${runs})`,
      value: `${ms(coldMs)} (${cold.map((s) => ms(s.readyMs)).join(', ')})`,
      goal: '≤ 5.00 s',
      met: coldMs <= 5000,
    },
    { figure: `warm start → first 200 on /readyz (same data folder, median of ${runs})`, value: `${ms(median(warm.map((s) => s.readyMs)))} (${warm.map((s) => ms(s.readyMs)).join(', ')})`, goal: '' },
    { figure: `server RSS idle on PGlite (${idleMs / 1000} s after ready, warm, median)`, value: mb(rssPglite), goal: '' },
    { figure: 'reference: PGlite alone with its default settings on the same data folder, idle', value: mb(rssAlone), goal: '' },
    { figure: "server's own share on PGlite (server − PGlite alone)", value: mb(rssPglite - rssAlone), goal: '' },
    { figure: 'server RSS idle on PGlite, total (the embedded default)', value: mb(rssPglite), goal: '≤ 300 MB', met: rssPglite <= 300e6 },
  ];
  const pgdb = await benchPostgres();
  if (pgdb) {
    try {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-startup-pg-'));
      await startOnce(dataDir, pgdb.url);
      const onPostgres = await startOnce(dataDir, pgdb.url);
      fs.rmSync(dataDir, { recursive: true, force: true });
      figures.push({ figure: 'server RSS idle on PostgreSQL (warm)', value: mb(onPostgres.rssIdle), goal: '≤ 250 MB', met: onPostgres.rssIdle <= rssGoal });
    } finally {
      await pgdb.drop();
    }
  }
  report('startup', `Start-up${quick ? ' (QUICK: not meaningful)' : ''}`, figures, [
    '`npm start` figures: the npm script itself (system check, renderer build when needed, server); the other starts are `node --import tsx server/main.ts` (what it runs last), PGlite in the data folder, times include TypeScript loading',
    'the machine is shared with other work: start times there are slower than on a quiet machine',
    "PGlite's WebAssembly heap lives in the server's process: the RSS goal applies to the server's own share there, and whole on PostgreSQL",
  ]);
}

runBench('bench:startup', main);
