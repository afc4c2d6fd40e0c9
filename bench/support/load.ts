import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Result } from 'autocannon';

export interface LoadOptions {
  url: string;
  /** bearer tokens, one per connection in turn */
  tokens: string[];
  connections: number;
  durationS: number;
}

export interface LoadFigures {
  reqPerS: number;
  p50: number;
  p99: number;
  ok: number;
  failed: number;
}

const child = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load-child.ts');

/** Runs autocannon against `url` in a child process and answers its request rate and latencies. */
export function runLoad(o: LoadOptions): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child, JSON.stringify(o)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    proc.on('error', reject);
    proc.on('close', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      const r = JSON.parse(out.trim().split('\n').pop() ?? '{}') as Result;
      resolve({ reqPerS: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, ok: r['2xx'], failed: r.non2xx + r.errors + r.timeouts });
    });
  });
}

export interface HttpGetLoadOptions {
  url: string;
  /** the one signed-in user's bearer token */
  token: string;
  sockets: number;
  durationS: number;
  /** seconds of load before the measured run (not counted) */
  warmupS: number;
}

const httpGetChild = path.join(path.dirname(fileURLToPath(import.meta.url)), 'http-get-load-child.ts');

/** Runs the `http.get` load generator (bench/support/http-get-load-child.ts) against `url` in a child process. */
export function runHttpGetLoad(o: HttpGetLoadOptions): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', httpGetChild, JSON.stringify(o)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    proc.on('error', reject);
    proc.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as LoadFigures) : reject(new Error(`the http.get load generator exited with ${code}`))));
  });
}
