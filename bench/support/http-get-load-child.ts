/**
 * The load generator, in its own process: Node's `http.get` through one keep-alive agent of
 * `sockets` sockets, as many requests in flight as sockets, each carrying the one bearer token, for
 * `durationS` seconds. Reads its options as JSON from argv, prints one JSON line of figures.
 */
import http from 'node:http';
import type { HttpGetLoadOptions } from './load';
import { quantile } from './stats';

const o = JSON.parse(process.argv[2] ?? '{}') as HttpGetLoadOptions;
const agent = new http.Agent({ keepAlive: true, maxSockets: o.sockets });
const headers = { authorization: `Bearer ${o.token}`, accept: 'application/json' };

function get(): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    http
      .get(o.url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      })
      .on('error', () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

async function run(durationS: number) {
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const t0 = performance.now();
  const until = t0 + durationS * 1000;
  await Promise.all(
    Array.from({ length: o.sockets }, async () => {
      while (performance.now() < until) {
        const r = await get();
        latencies.push(r.ms);
        if (r.status === 200) ok++;
        else failed++;
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number(quantile(latencies, q).toFixed(1));
  return { reqPerS: ok / secs, p50: at(0.5), p99: at(0.99), ok, failed };
}

if (o.warmupS) await run(o.warmupS);
process.stdout.write(`${JSON.stringify(await run(o.durationS))}\n`);
agent.destroy();
