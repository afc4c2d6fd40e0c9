/**
 * Launchpad as `npm start` runs it, for the benches that measure the product as shipped: its own
 * process (`node scripts/start.mjs` with npm start's allocator settings: the compiled server), the default
 * configuration (background jobs on, request logging at info to stdout, here a file; PGlite in the
 * data folder unless DATABASE_URL is given) and a release list that cannot be reached (no internet).
 * `BENCH_CPU_PROF=<folder>` starts it under `node --cpu-prof` writing there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from './stats';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Refused at once on loopback (nothing listens on the discard port): an unreachable release list that answers fast. */
export const unreachableReleases = 'http://127.0.0.1:9/releases';

export interface LaunchpadProcess {
  url: string;
  pid: number;
  /** SIGTERM and wait for the exit (a CPU profile is written then) */
  stop(): Promise<void>;
}

/** What `npm start` sets before it runs scripts/start.mjs (package.json). */
export const npmStartAllocator = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };

export async function startLaunchpadProcess(o: { dataDir: string; env?: Record<string, string>; logFile: string }): Promise<LaunchpadProcess> {
  const from = fs.existsSync(o.logFile) ? fs.statSync(o.logFile).size : 0;
  const out = fs.openSync(o.logFile, 'a');
  const prof = process.env.BENCH_CPU_PROF;
  const args = [...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []), path.join(root, 'scripts/start.mjs')];
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...npmStartAllocator,
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: '',
    DATA_DIR: o.dataDir,
    RELEASES_URL: unreachableReleases,
    ...o.env,
  };
  for (const key of ['LOG_LEVEL', 'DATABASE_URL', 'METRICS_ENABLED', 'BENCH_CPU_PROF']) if (o.env?.[key] === undefined) delete env[key];
  const child: ChildProcess = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  try {
    const t0 = performance.now();
    let url: string | undefined;
    while (!url) {
      if (child.exitCode !== null) throw new Error(`Launchpad exited with ${child.exitCode}: ${fs.readFileSync(o.logFile, 'utf8').slice(-800)}`);
      if (performance.now() - t0 > 120_000) throw new Error('Launchpad did not start within 2 minutes');
      url = /running at (http\S+)/.exec(fs.readFileSync(o.logFile).subarray(from).toString('utf8'))?.[1];
      if (!url) await sleep(50);
    }
    for (;;) {
      const status = await fetch(`${url}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (performance.now() - t0 > 120_000) throw new Error('no 200 on /readyz within 2 minutes');
      await sleep(50);
    }
    return { url, pid: child.pid ?? 0, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
