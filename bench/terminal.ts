/**
 * Terminal figures on this machine, end to end through a real Launchpad, side by side with WeTTY
 * (npm `wetty`: xterm.js + node-pty over socket.io, benchmark-only, on a loopback port) in the
 * same run:
 *
 *  - create → running: POST /api/deployments until GET shows `running` (local provider)
 *  - terminal connect: WebSocket open until the first prompt
 *  - keystroke echo latency: 2,000 single characters typed at a bash prompt, each sent only after
 *    the previous one came back (p50 / p99)
 *  - output throughput (for orientation, no goal): 200 MiB of output made by the shell until a marker echoed after it, and how much the
 *    process's RSS grew meanwhile (flow control must keep it bounded)
 *
 * BENCH_QUICK=1: 200 keystrokes, 20 MiB. Run with `npm run bench:terminal`. Everything is bounded in time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../server/start';
import { until } from '../test/support/clock';
import { api } from '../test/support/api-client';
import { signIn } from '../test/support/sign-in';
import { resizeFrame, terminalUrl } from '../test/support/terminal-client';
import { report, runBench, type Figure } from './support/report';
import { sampleRss } from './support/rss';
import { fmt, mb, median, ms, quantile, quick, sleep, watchdog } from './support/stats';
import { LaunchpadTerminal, WettyTerminal, type BenchTerminal } from './support/term';
import { startWetty } from './support/wetty';

const createRuns = quick ? 2 : 5;
const keystrokes = quick ? 200 : 2000;
const streamMiB = quick ? 20 : 200;
const cols = 400;
const rows = 50;
const rssGoalMB = 50;

watchdog('terminal', (quick ? 5 : 20) * 60_000);

/** A plain prompt makes the echo of one character exactly that character. */
async function plainPrompt(term: BenchTerminal): Promise<void> {
  const ready = term.waitFor('__READY_42', 15_000);
  // The marker is computed by the shell, so the echo of the command line does not match it.
  term.send("PS1='$ '; bind 'set enable-bracketed-paste off' 2>/dev/null; clear; echo __READY_$((6*7))\r");
  await ready;
  await sleep(300);
}

async function echoLatencies(term: BenchTerminal): Promise<number[]> {
  const latencies: number[] = [];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let i = 0; i < keystrokes; i++) {
    if (i > 0 && i % 100 === 0) {
      // Ctrl-U clears the typed line; let the redraw pass before timing again.
      term.send('\x15');
      await sleep(50);
    }
    const ch = letters[i % letters.length] ?? 'a';
    const echoed = term.waitFor(ch, 5000);
    const t0 = performance.now();
    term.send(ch);
    await echoed;
    latencies.push(performance.now() - t0);
  }
  term.send('\x15');
  await sleep(200);
  return latencies.sort((a, b) => a - b);
}

interface Stream {
  seconds: number;
  wireBytes: number;
  rssGrowth: number;
}

async function stream(term: BenchTerminal, command: string): Promise<Stream> {
  let wireBytes = 0;
  const done = term.waitFor('__END_42', 10 * 60_000, (chunk) => (wireBytes += chunk.length));
  const rss = sampleRss(50);
  const t0 = performance.now();
  term.send(`${command}; echo __END_$((6*7))\r`);
  await done;
  const seconds = (performance.now() - t0) / 1000;
  const r = rss.stop();
  return { seconds, wireBytes, rssGrowth: r.peak - r.before };
}

interface TerminalFigures {
  echo: number[];
  stream: Stream;
  promptMs: number;
}

async function measure(term: BenchTerminal, command: string, promptMs: number): Promise<TerminalFigures> {
  await plainPrompt(term);
  const echo = await echoLatencies(term);
  const s = await stream(term, command);
  term.close();
  return { echo, stream: s, promptMs };
}

/** Creates local deployments until one is running; answers its id and the create → running times. */
async function createRunning(s: RunningServer, token: string): Promise<{ id: string; times: number[] }> {
  const times: number[] = [];
  let id = '';
  for (let i = 0; i < createRuns; i++) {
    const t0 = performance.now();
    const res = await api(s, '/api/deployments', { method: 'POST', token, body: { configId: 'trial_vm_hetzner', name: `bench-${i}`, timeoutMins: null } });
    if (res.status !== 200) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
    const created = (res.body as { id: string }).id;
    await until(
      'running',
      async () => {
        const { status } = (await api(s, `/api/deployments/${created}`, { token })).body as { status: string };
        if (status === 'failed') throw new Error(`deployment ${created} failed`);
        return status === 'running';
      },
      60_000,
      20,
    );
    times.push(performance.now() - t0);
    // Keep the last one for the terminal figures; the others go.
    if (i < createRuns - 1) await api(s, `/api/deployments/${created}`, { method: 'DELETE', token });
    else id = created;
  }
  await s.services.tasks.drain();
  return { id, times };
}

/**
 * The output both terminals stream: `streamMiB` MiB of 128-byte lines, made by the shell itself
 * (a sandboxed local machine cannot read a file of the host's, and WeTTY's shell runs the same).
 */
function bigOutput(): { command: string; bytes: number } {
  const line = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_'.repeat(2).slice(0, 127);
  const bytes = streamMiB * 1024 * 1024;
  return { command: `yes '${line}' | head -c ${bytes}`, bytes };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-'));
  const rendererRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-renderer-'));
  fs.writeFileSync(path.join(rendererRoot, 'index.html'), '<!doctype html><title>bench</title>');
  const big = bigOutput();
  const notes: string[] = [];
  let server: RunningServer | undefined;
  let token = '';
  let launchpad: TerminalFigures;
  let createTimes: number[];
  try {
    server = await startServer({
      env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEV_USERS: 'bench@example.test:bench-pass-1', RELEASES_URL: 'off' },
      rendererRoot,
      jobs: false,
    });
    token = (await signIn(server, 'bench@example.test', 'bench-pass-1')).accessToken;
    const created = await createRunning(server, token);
    createTimes = created.times;
    const c0 = performance.now();
    const term = await LaunchpadTerminal.open(terminalUrl(server.url, created.id, token));
    // A wide terminal keeps a line of typed characters from wrapping.
    term.send(resizeFrame(rows, cols));
    await term.waitFor('$ ', 15_000);
    launchpad = await measure(term, big.command, performance.now() - c0);
  } finally {
    // Deleting stops the machines' processes (a local UI server outlives a server stop, like a VM).
    if (server && token) {
      const s = server;
      const left = ((await api(s, '/api/deployments', { token }).catch(() => ({ body: [] }))).body ?? []) as { id: string }[];
      for (const d of left) await api(s, `/api/deployments/${d.id}`, { method: 'DELETE', token }).catch(() => undefined);
      await s.services.tasks.drain();
    }
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(rendererRoot, { recursive: true, force: true });
  }

  let wetty: TerminalFigures | undefined;
  const w = await startWetty();
  if ('skipped' in w) notes.push(w.skipped);
  else {
    try {
      const c0 = performance.now();
      const term = await WettyTerminal.open(w.url, cols, rows);
      wetty = await measure(term, big.command, performance.now() - c0);
    } finally {
      await w.close();
    }
  }

  const mibPerS = (s: Stream) => big.bytes / 1024 / 1024 / s.seconds;
  const echo = (f: TerminalFigures) => `p50 ${ms(quantile(f.echo, 0.5))}, p99 ${ms(quantile(f.echo, 0.99))}`;
  const throughput = (f: TerminalFigures) => `${fmt(mibPerS(f.stream), 1)} MiB/s (${f.stream.seconds.toFixed(1)} s, ${mb(f.stream.wireBytes)} on the wire)`;
  const lp99 = quantile(launchpad.echo, 0.99);
  const wp99 = wetty ? quantile(wetty.echo, 0.99) : NaN;
  const ratio = wetty ? mibPerS(launchpad.stream) / mibPerS(wetty.stream) : NaN;
  const figures: Figure[] = [
    { figure: `create → running (local provider, median of ${createRuns})`, value: ms(median(createTimes)), goal: '' },
    { figure: 'terminal open → first prompt: Launchpad', value: ms(launchpad.promptMs), goal: '' },
    ...(wetty ? [{ figure: 'terminal open → first prompt: WeTTY', value: ms(wetty.promptMs), goal: '' }] : []),
    { figure: `keystroke echo (n=${fmt(keystrokes)}): Launchpad`, value: echo(launchpad), goal: 'p99 ≤ WeTTY p99', met: wetty ? lp99 <= wp99 : undefined },
    ...(wetty ? [{ figure: `keystroke echo (n=${fmt(keystrokes)}): WeTTY`, value: echo(wetty), goal: '' }] : []),
    { figure: `cat ${streamMiB} MiB: Launchpad`, value: throughput(launchpad), goal: '' },
    ...(wetty ? [{ figure: `cat ${streamMiB} MiB: WeTTY`, value: throughput(wetty), goal: '' }] : []),
    // No goal since issue 21: browsers render 5–35 MB/s, so server throughput beyond that reaches no one.
    { figure: 'throughput Launchpad ÷ WeTTY', value: wetty ? ratio.toFixed(2) : '-', goal: '—' },
    { figure: `RSS growth during the ${streamMiB} MiB stream: Launchpad`, value: mb(launchpad.stream.rssGrowth), goal: `< ${rssGoalMB} MB`, met: launchpad.stream.rssGrowth < rssGoalMB * 1e6 },
    ...(wetty ? [{ figure: `RSS growth during the ${streamMiB} MiB stream: WeTTY`, value: mb(wetty.stream.rssGrowth), goal: '' }] : []),
  ];
  notes.push(
    'servers and clients share this process (clients keep no output): RSS is the process, echo times include both ends',
    'WeTTY is driven over socket.io with WebSocket transport, acknowledging output as its browser client does',
  );
  report('terminal', `Terminal${quick ? ' (QUICK: not meaningful)' : ''}`, figures, notes);
}

runBench('bench:terminal', main);
