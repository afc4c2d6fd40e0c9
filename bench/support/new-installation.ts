/**
 * bench:api's new-installation case, as issue 48 measured it: Launchpad as `npm start` runs it on a
 * fresh data folder (or a fresh PostgreSQL database) holding only the one user who signed in through
 * a real browser (Chromium, the PKCE flow of the embedded provider, the first screen loaded), that
 * user's bearer token, and the issue's load generator (Node `http.get`, one keep-alive agent, 64
 * sockets, 8 s per target). Each round alternates Launchpad, a bare node:http server answering
 * Launchpad's very bytes (the ceiling) and the minimal reference (its own process: node:http + jose
 * ES256 verification per request + one indexed select, on its own fresh on-disk PGlite holding the
 * one user, or its own pg pool); the median of the rounds is reported, each round beside it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { decodeJwt } from 'jose';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium';
import { AppShell } from '../../e2e/pages/app-shell';
import { api } from '../../test/support/api-client';
import type { TestPostgresDatabase } from '../../test/support/postgres';
import { cpuMs } from './cpu';
import { startLaunchpadProcess, type LaunchpadProcess } from './launchpad-process';
import { runHttpGetLoad, type LoadFigures } from './load';
import { freePort, referenceAuthOf, startReference, type ReferenceProcess } from './reference-process';
import type { Figure } from './report';
import { fmt, median, quick } from './stats';

const sockets = 64;
const durationS = quick ? 2 : 8;
const warmupS = quick ? 0.5 : 1;
const startWarmupS = quick ? 1 : 4;
/** BENCH_ROUNDS overrides (odd numbers have a true median) */
const rounds = Number(process.env.BENCH_ROUNDS ?? (quick ? 1 : 3));
const p99GoalMs = 40;
const account = { email: 'first@bench.test', password: 'bench-pass-first' };
const paths = ['/api/deployments', '/api/balance'] as const;

export const newInstallationNote = `new installation: one user signed in through Chromium, one token, http.get with a keep-alive agent of ${sockets} sockets, ${durationS} s per target (after ${startWarmupS} s of warm-up once and ${warmupS} s before each run), ${rounds} rounds alternating Launchpad / bare node:http with Launchpad's bytes / minimal reference, the median shown`;

/** The real sign-in in Chromium, from the first screen; answers the bearer token the app then sends to the API. */
async function browserSignIn(url: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await (await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } })).newPage();
    let token: string | undefined;
    page.on('request', (req) => {
      const found = /^Bearer (\S+)$/.exec(req.headers().authorization ?? '')?.[1];
      if (found && new URL(req.url()).pathname.startsWith('/api/')) token = found;
    });
    await new AppShell(page).signIn(account, '/home');
    await page.waitForLoadState('networkidle');
    if (!token) throw new Error('the app sent no bearer token after signing in');
    return token;
  } finally {
    await browser.close();
  }
}

interface Run extends LoadFigures {
  cpuUs: number | undefined;
}

async function measure(url: string, token: string, pid: number | undefined): Promise<Run> {
  const before = pid ? cpuMs(pid) : undefined;
  const load = await runHttpGetLoad({ url, token, sockets, durationS, warmupS });
  const after = pid ? cpuMs(pid) : undefined;
  // the warm-up's requests are not counted: its CPU is spread over the measured ones (orientation only)
  const cpuUs = before === undefined || after === undefined || !load.ok ? undefined : (((after - before) * 1000) / (load.ok + load.failed)) * (durationS / (durationS + warmupS));
  return { ...load, cpuUs };
}

const describe = (runs: Run[]) => {
  const rate = median(runs.map((r) => r.reqPerS));
  const failed = runs.reduce((n, r) => n + r.failed, 0);
  return `${fmt(rate)} req/s, p50 ${median(runs.map((r) => r.p50))} ms, p99 ${median(runs.map((r) => r.p99))} ms${failed ? `, ${fmt(failed)} failed` : ''} (rounds: ${runs.map((r) => fmt(r.reqPerS)).join(', ')})`;
};

export async function benchNewInstallation(kind: 'PGlite' | 'PostgreSQL', pgdb: TestPostgresDatabase | undefined, logDir: string): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-new-'));
  const referenceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-new-ref-'));
  const env = { DEV_USERS: `${account.email}:${account.password}`, PORT: String(await freePort()), ...(pgdb ? { DATABASE_URL: pgdb.url } : {}) };
  let launchpad: LaunchpadProcess | undefined;
  let bare: ReferenceProcess | undefined;
  let reference: ReferenceProcess | undefined;
  try {
    launchpad = await startLaunchpadProcess({ dataDir, env, logFile: path.join(logDir, `launchpad-new-${kind.toLowerCase()}.log`) });
    const token = await browserSignIn(launchpad.url);
    const bodies: Record<string, string> = {};
    for (const p of paths) {
      const res = await fetch(`${launchpad.url}${p}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`Launchpad answered ${res.status} to ${p}`);
      bodies[p] = await res.text();
    }
    if (bodies['/api/deployments'] !== '[]') throw new Error(`a new installation's user has deployments: ${bodies['/api/deployments']}`);
    const auth = await referenceAuthOf(launchpad.url);
    const balanceCents = (JSON.parse(bodies['/api/balance'] ?? '{}') as { balance_cents: number }).balance_cents;
    const subject = decodeJwt(token).sub ?? '';
    bare = await startReference({ bare: bodies });
    reference = await startReference({ ...auth, dataDir: referenceDir, ...(pgdb ? { databaseUrl: pgdb.url } : { ownUser: { issuer: auth.issuer, subject, balanceCents } }) });
    for (const p of paths) {
      const check = await api({ url: reference.url }, p, { token });
      if (check.status !== 200) throw new Error(`the reference answered ${check.status} to ${p}`);
    }

    const targets = { launchpad, bare, reference };
    // Once before the rounds: the first seconds after a start (compiling the hot paths, the start-up
    // passes of the background jobs) are not what a running server's first screen meets.
    for (const p of paths) for (const target of Object.values(targets)) await runHttpGetLoad({ url: `${target.url}${p}`, token, sockets, durationS: startWarmupS, warmupS: 0 });
    const runs = new Map(paths.map((p) => [p, { launchpad: [] as Run[], bare: [] as Run[], reference: [] as Run[] }]));
    for (let round = 0; round < rounds; round++) {
      for (const p of paths) {
        for (const name of ['launchpad', 'bare', 'reference'] as const) {
          const target = targets[name];
          runs.get(p)?.[name].push(await measure(`${target.url}${p}`, token, target.pid));
        }
      }
    }

    const figures: Figure[] = [];
    for (const p of paths) {
      const r = runs.get(p);
      if (!r) continue;
      const name = `${kind} new installation (one user, one token, http.get) GET ${p}${p === '/api/deployments' ? ' (empty)' : ''}`;
      const lpRate = median(r.launchpad.map((x) => x.reqPerS));
      const refRate = median(r.reference.map((x) => x.reqPerS));
      const lpP99 = median(r.launchpad.map((x) => x.p99));
      const refP99 = median(r.reference.map((x) => x.p99));
      const ok = r.launchpad.every((x) => x.failed === 0 && x.ok > 0);
      const ratio = lpRate / refRate;
      figures.push(
        {
          figure: `${name}: Launchpad as shipped`,
          value: describe(r.launchpad),
          goal: kind === 'PostgreSQL' ? `p99 < ${p99GoalMs} ms` : `p99 ≤ reference's (${refP99} ms)`,
          met: ok && (kind === 'PostgreSQL' ? lpP99 < p99GoalMs : lpP99 <= refP99),
        },
        { figure: `${name}: bare node:http, the same bytes`, value: describe(r.bare), goal: '' },
        { figure: `${name}: minimal reference (jose + one indexed select)`, value: describe(r.reference), goal: '' },
        {
          figure: `${name}: Launchpad ÷ reference (medians)`,
          value: `${ratio.toFixed(2)} (rounds: ${r.launchpad.map((x, i) => (x.reqPerS / (r.reference[i]?.reqPerS ?? NaN)).toFixed(2)).join(', ')})`,
          goal: '≥ 1.00',
          met: ok && ratio >= 1,
        },
        {
          figure: `${name}: CPU time per request in the server process, Launchpad / bare / reference`,
          value: [r.launchpad, r.bare, r.reference].map((runsOf) => `${fmt(median(runsOf.map((x) => x.cpuUs ?? NaN)))} µs`).join(' / '),
          goal: '',
        },
      );
    }
    return figures;
  } finally {
    await reference?.close();
    await bare?.close();
    await launchpad?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(referenceDir, { recursive: true, force: true });
  }
}
