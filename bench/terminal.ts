/**
 * Terminal and provisioning figures on this machine, end to end through a real Launchpad:
 *
 *  - create → running: POST /api/deployments until GET shows `running` (local provider)
 *  - terminal connect: WebSocket open until the first prompt
 *  - keystroke echo latency: 1000 single characters typed at a bash prompt, each sent only after
 *    the previous one came back (p50 / p99 / max)
 *  - output throughput: `cat` of a 64 MiB file in the machine folder, until a marker echoed after it
 *
 * Run with `npm run bench:terminal` (or `npx tsx bench/terminal.ts`). Everything is bounded in time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WebSocket, type RawData } from 'ws';
import { hostnameFor } from '../server/deployments/machine';
import { startServer, type RunningServer } from '../server/start';
import { until } from '../server/test-support/clock';
import { api, signIn } from '../server/test-support/server';
import { resizeFrame, terminalUrl } from '../server/terminal/test-client';

const createRuns = 5;
const keystrokes = 1000;
const fileMiB = 64;
const throughputRuns = 3;
const overallLimitMs = 5 * 60_000;

const watchdog = setTimeout(() => {
  console.error(`bench: gave up after ${overallLimitMs / 1000} s`);
  process.exit(1);
}, overallLimitMs);
watchdog.unref();

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
const median = (xs: number[]) => quantile([...xs].sort((a, b) => a - b), 0.5);

/** A raw terminal socket that hands every chunk to whoever is listening, without keeping output. */
class Term {
  private listener: ((chunk: Buffer) => void) | undefined;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: RawData) => this.listener?.(Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)));
  }

  static open(url: string): Promise<Term> {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new Term(ws)));
      ws.once('error', reject);
      ws.once('close', (code, reason) => reject(new Error(`terminal closed: ${code} ${reason.toString()}`)));
    });
  }

  /** resolves when the output since now contains `text` (also split across chunks) */
  waitFor(text: string, timeoutMs = 30_000, onChunk?: (chunk: Buffer) => void): Promise<void> {
    const needle = Buffer.from(text);
    let carry = Buffer.alloc(0);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listener = undefined;
        reject(new Error(`timed out waiting for ${JSON.stringify(text)}`));
      }, timeoutMs);
      this.listener = (chunk) => {
        onChunk?.(chunk);
        const hay = carry.length ? Buffer.concat([carry, chunk]) : chunk;
        if (hay.includes(needle)) {
          clearTimeout(timer);
          this.listener = undefined;
          resolve();
          return;
        }
        carry = Buffer.from(hay.subarray(Math.max(0, hay.length - needle.length + 1)));
      };
    });
  }

  send(data: string | Buffer): void {
    this.ws.send(data);
  }

  close(): void {
    this.ws.close(1000, 'bench done');
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-'));
  const rendererRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-renderer-'));
  fs.writeFileSync(path.join(rendererRoot, 'index.html'), '<!doctype html><title>bench</title>');
  let server: RunningServer | undefined;
  let token = '';
  try {
    const started = performance.now();
    server = await startServer({
      env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEV_USERS: 'bench@example.test:bench-pass-1', RELEASES_URL: 'off' },
      rendererRoot,
      jobs: false,
    });
    const s = server;
    const startMs = performance.now() - started;
    token = (await signIn(s, 'bench@example.test', 'bench-pass-1')).accessToken;

    // ---- create → running ------------------------------------------------------------------
    const createTimes: number[] = [];
    const installingTimes: number[] = [];
    let id = '';
    for (let i = 0; i < createRuns; i++) {
      const t0 = performance.now();
      const res = await api(s, '/api/deployments', { method: 'POST', token, body: { configId: 'trial_vm_hetzner', name: `bench-${i}`, timeoutMins: null } });
      if (res.status !== 200) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
      const created = (res.body as { id: string }).id;
      let installingAt: number | undefined;
      await until(
        'running',
        async () => {
          const { status } = (await api(s, `/api/deployments/${created}`, { token })).body as { status: string };
          if (status === 'failed') throw new Error(`deployment ${created} failed`);
          if (status === 'installing' || status === 'running') installingAt ??= performance.now() - t0;
          return status === 'running';
        },
        60_000,
        20,
      );
      createTimes.push(performance.now() - t0);
      installingTimes.push(installingAt ?? NaN);
      // Keep the last one for the terminal figures; the others go.
      if (i < createRuns - 1) await api(s, `/api/deployments/${created}`, { method: 'DELETE', token });
      else id = created;
    }
    await s.services.tasks.drain();

    // ---- terminal connect ------------------------------------------------------------------
    const url = terminalUrl(s.url, id, token);
    const c0 = performance.now();
    const term = await Term.open(url);
    const openMs = performance.now() - c0;
    // A wide terminal keeps a line of typed characters from wrapping.
    term.send(resizeFrame(50, 400));
    await term.waitFor('# ', 15_000);
    const promptMs = performance.now() - c0;
    // A plain prompt makes the echo of one character exactly that character.
    term.send("PS1='$ '; bind 'set enable-bracketed-paste off' 2>/dev/null; clear\r");
    await new Promise((r) => setTimeout(r, 500));

    // ---- keystroke echo latency ------------------------------------------------------------
    const latencies: number[] = [];
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (let i = 0; i < keystrokes; i++) {
      if (i > 0 && i % 100 === 0) {
        // Ctrl-U clears the typed line; let the redraw pass before timing again.
        term.send('\x15');
        await new Promise((r) => setTimeout(r, 50));
      }
      const ch = letters[i % letters.length] ?? 'a';
      const echoed = term.waitFor(ch, 5000);
      const t0 = performance.now();
      term.send(ch);
      await echoed;
      latencies.push(performance.now() - t0);
    }
    term.send('\x15');
    await new Promise((r) => setTimeout(r, 200));
    const sorted = [...latencies].sort((a, b) => a - b);

    // ---- output throughput -----------------------------------------------------------------
    const machineDir = path.join(dataDir, 'deployments', hostnameFor(id));
    const bigFile = path.join(machineDir, 'big.txt');
    const line = `${'0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_'.repeat(2).slice(0, 127)}\n`;
    const block = line.repeat(8192); // 1 MiB
    const fd = fs.openSync(bigFile, 'w');
    for (let i = 0; i < fileMiB; i++) fs.writeSync(fd, block);
    fs.closeSync(fd);
    const fileBytes = fs.statSync(bigFile).size;
    const runs: { seconds: number; wireBytes: number }[] = [];
    for (let r = 0; r < throughputRuns; r++) {
      let wireBytes = 0;
      const marker = `__END_${r}__`;
      // The marker is computed by the shell, so the echo of the command line does not match it.
      const done = term.waitFor(`${marker}42`, 120_000, (chunk) => (wireBytes += chunk.length));
      const t0 = performance.now();
      term.send(`cat big.txt; echo ${marker}$((6*7))\r`);
      await done;
      runs.push({ seconds: (performance.now() - t0) / 1000, wireBytes });
    }
    term.close();
    fs.rmSync(bigFile, { force: true });
    const best = runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    const mibPerS = (x: { seconds: number }) => fileBytes / 1024 / 1024 / x.seconds;

    // ---- report ----------------------------------------------------------------------------
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const rows: [string, string][] = [
      ['machine', `${os.cpus().length} x ${cpu.trim()}, Node ${process.version}, ${os.platform()} ${os.release()}`],
      ['server start (incl. migrations)', ms(startMs)],
      [`create → installing (local, n=${createRuns})`, `median ${ms(median(installingTimes))}, min ${ms(Math.min(...installingTimes))}, max ${ms(Math.max(...installingTimes))}`],
      [`create → running (local, n=${createRuns})`, `median ${ms(median(createTimes))}, min ${ms(Math.min(...createTimes))}, max ${ms(Math.max(...createTimes))}`],
      ['terminal WebSocket open', ms(openMs)],
      ['terminal open → first prompt', ms(promptMs)],
      [`keystroke echo (n=${keystrokes})`, `p50 ${ms(quantile(sorted, 0.5))}, p99 ${ms(quantile(sorted, 0.99))}, max ${ms(sorted[sorted.length - 1] ?? NaN)}, mean ${ms(latencies.reduce((a, b) => a + b, 0) / latencies.length)}`],
      [
        `cat ${fileMiB} MiB file (n=${throughputRuns})`,
        `best ${mibPerS(best).toFixed(1)} MiB/s (${best.seconds.toFixed(2)} s), median ${mibPerS({ seconds: median(runs.map((x) => x.seconds)) }).toFixed(1)} MiB/s; ${(best.wireBytes / 1024 / 1024).toFixed(1)} MiB on the wire (CRLF)`,
      ],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log('\nLaunchpad terminal bench');
    console.log('-'.repeat(width + 60));
    for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
    console.log('-'.repeat(width + 60));
    console.log(`create → running per run: ${createTimes.map((t) => ms(t)).join(', ')}`);
    console.log(`cat runs: ${runs.map((x) => `${mibPerS(x).toFixed(1)} MiB/s`).join(', ')}`);
    console.log('(create → running includes the provisioner polling the install log once a second)\n');
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
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error('bench failed:', err);
    process.exit(1);
  },
);
