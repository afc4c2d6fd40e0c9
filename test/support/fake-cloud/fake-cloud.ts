import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeCivo, civoError } from './civo-api';
import { FaultQueue, faultCode } from './faults';
import { FakeHetzner, hetznerError } from './hetzner-api';
import { bearerToken, readBody, type FakeRequest, type FakeResponse } from './http-util';
import { KeyRing } from './key-ring';
import { startFakeSshServer } from './ssh-server';

/**
 * Test double of the two cloud APIs plus an SSH server, all on 127.0.0.1 with random ports:
 *   `${hetznerUrl}` = Hetzner Cloud API v1 root, `${civoUrl}` = Civo API v2 root.
 * Machines get ipv4 127.0.0.1, so SSH to "the machine" lands on the fake SSH server.
 */
export interface FakeCloudOptions {
  hetznerToken?: string;
  civoApiKey?: string;
  civoRegion?: string;
  /** single-resource GETs until a new machine reports running (default 2) */
  getsUntilRunning?: number;
  rateLimitPerHour?: number;
}

export interface RecordedRequest {
  api: 'hetzner' | 'civo';
  method: string;
  path: string;
  status: number | 'hung';
}

export interface FakeCloud {
  hetznerUrl: string;
  civoUrl: string;
  sshPort: number;
  hetznerToken: string;
  civoApiKey: string;
  hetzner: FakeHetzner;
  civo: FakeCivo;
  /** every request in arrival order */
  requests: RecordedRequest[];
  failNext(count: number, status: number, opts?: { retryAfterSeconds?: number }): void;
  hangNext(count: number): void;
  /** the fake's clock (wall clock plus `advanceClock` offsets); drives rate-limit refills */
  now(): number;
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

export async function startFakeCloud(o: FakeCloudOptions = {}): Promise<FakeCloud> {
  const hetznerToken = o.hetznerToken ?? 'hetzner-test-token';
  const civoApiKey = o.civoApiKey ?? 'civo-test-key';
  let offset = 0;
  const now = () => Date.now() + offset;
  const keyRing = new KeyRing();
  const common = { keyRing, now, getsUntilRunning: o.getsUntilRunning ?? 2, ipv4: '127.0.0.1' };
  const hetzner = new FakeHetzner({ ...common, rateLimitPerHour: o.rateLimitPerHour ?? 3600 });
  const civo = new FakeCivo({ ...common, region: (o.civoRegion ?? 'LON1').toUpperCase() });
  const faults = new FaultQueue();
  const requests: RecordedRequest[] = [];
  const hung = new Set<ServerResponse>();

  const answer = (res: ServerResponse, r: FakeResponse) => {
    res.writeHead(r.status, { ...(r.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...r.headers });
    res.end(r.body === undefined ? undefined : JSON.stringify(r.body));
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const parts = url.pathname.split('/').filter(Boolean);
      const api = parts[0] === 'hetzner' && parts[1] === 'v1' ? 'hetzner' : parts[0] === 'civo' && parts[1] === 'v2' ? 'civo' : undefined;
      const record = (status: RecordedRequest['status']) => requests.push({ api: api ?? 'hetzner', method: req.method ?? 'GET', path: `/${parts.slice(2).join('/')}${url.search}`, status });
      if (!api) return answer(res, { status: 404, body: { error: 'no such API' } });
      const body = await readBody(req);

      const fault = faults.take();
      if (fault?.kind === 'hang') {
        record('hung');
        hung.add(res);
        res.on('close', () => hung.delete(res));
        return;
      }
      const fakeReq: FakeRequest = { method: req.method ?? 'GET', segments: parts.slice(2), query: url.searchParams, headers: req.headers, body };
      let out: FakeResponse;
      if (fault?.kind === 'status') {
        const message = `injected ${fault.status} (${faultCode(fault.status)})`;
        out = api === 'hetzner' ? hetznerError(fault.status, faultCode(fault.status), message) : civoError(fault.status, faultCode(fault.status), message);
        if (fault.retryAfterSeconds !== undefined) out.headers = { ...out.headers, 'Retry-After': String(fault.retryAfterSeconds) };
      } else if (api === 'hetzner') {
        out =
          bearerToken(req.headers) !== hetznerToken
            ? hetznerError(401, 'unauthorized', 'unable to authenticate')
            : hetzner.rateLimit.take()
              ? hetzner.handle(fakeReq)
              : hetznerError(429, 'rate_limit_exceeded', 'limit of 3600 requests per hour reached');
      } else {
        out = bearerToken(req.headers) !== civoApiKey ? civoError(401, 'authentication_invalid_key', 'Authentication failed: invalid API key') : civo.handle(fakeReq);
      }
      // Hetzner sends its rate-limit state with every answer.
      if (api === 'hetzner') out.headers = { ...hetzner.rateLimit.headers(), ...out.headers };
      record(out.status);
      answer(res, out);
    })().catch((err: unknown) => {
      if (!res.headersSent) answer(res, { status: 500, body: { error: String(err) } });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ssh = await startFakeSshServer(keyRing);

  return {
    hetznerUrl: `${base}/hetzner/v1`,
    civoUrl: `${base}/civo/v2`,
    sshPort: ssh.port,
    hetznerToken,
    civoApiKey,
    hetzner,
    civo,
    requests,
    failNext: (count, status, opts) => faults.failNext(count, status, opts),
    hangNext: (count) => faults.hangNext(count),
    now,
    advanceClock: (ms) => {
      offset += ms;
    },
    close: async () => {
      faults.clear();
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), ssh.close()]);
    },
  };
}
