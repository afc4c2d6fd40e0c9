/**
 * The ping load generator, in its own process: `senders` installations, each from its own loopback
 * address (127.0.0.2, 127.0.0.3, …) over its own keep-alive connection, send `total` pings between
 * them as fast as answers come back, each with its own licence hash. Each ping is what the
 * platform's sender (api/pkg/version/ping.go) puts on the wire: Go's `json.Marshal` of a map (keys
 * sorted) through `http.Post` (its content type and default client's headers). Prints one JSON line.
 */
import http from 'node:http';

interface Options {
  url: string;
  senders: number;
  total: number;
  /** deployment ids start here, so runs against one database do not collide */
  offset: number;
}

const o = JSON.parse(process.argv[2] ?? '{}') as Options;
const target = new URL(o.url);
const hex = (i: number) => i.toString(16).padStart(64, '0');

function post(agent: http.Agent, body: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent,
        headers: { 'user-agent': 'Go-http-client/1.1', 'content-length': Buffer.byteLength(body), 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let next = 0;
let ok = 0;
let failed = 0;
const latencies: number[] = [];
const started = performance.now();
await Promise.all(
  Array.from({ length: o.senders }, async (_, s) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.0.${2 + s}` });
    while (next < o.total) {
      const i = next++;
      const r = await post(agent, JSON.stringify({ apps_count: 1, deployment_id: hex(o.offset + i), edition: 'server', users_count: 2, version: '2.12.2' }));
      latencies.push(r.ms);
      if (r.status === 200) ok++;
      else failed++;
    }
    agent.destroy();
  }),
);
const secs = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => Number((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0).toFixed(1));
process.stdout.write(`${JSON.stringify({ ok, failed, secs, perS: Math.round(ok / secs), p50: pct(0.5), p99: pct(0.99) })}\n`);
