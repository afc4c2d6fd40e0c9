import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A minimal load balancer for tests: each request and WebSocket upgrade goes to the next target. */
export async function startRoundRobinProxy(): Promise<{ url: string; setTargets(urls: string[]): void; close(): Promise<void> }> {
  let targets: URL[] = [];
  let next = 0;
  const pick = () => {
    const t = targets[next++ % targets.length];
    if (!t) throw new Error('no targets');
    return t;
  };
  const server = http.createServer((req, res) => {
    const target = pick();
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  server.on('upgrade', (req, socket, head) => {
    const target = pick();
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`, ...Object.entries(req.headers).map(([k, v]) => `${k}: ${String(v)}`), '', ''];
      upstream.write(lines.join('\r\n'));
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setTargets: (urls) => void (targets = urls.map((u) => new URL(u))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
