import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { frozenClock } from '../../test/support/clock';
import { startTestServer, type TestServer } from '../../test/support/server';

/**
 * The ping lane (lane.ts) answers installations' `POST /api/ping` before Koa; the Koa route answers
 * the same ping at `/api/ping/`. Every request here goes to both, and both must answer alike:
 * status, body, and every header but the request's own id and date. So the lane cannot drop a
 * check the Koa stack makes.
 */
interface Sent {
  body?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}
interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

const hex = (i: number) => i.toString(16).padStart(64, '0');
const ping = (over: Record<string, unknown> = {}) => JSON.stringify({ version: '2.12.2', apps_count: 1, users_count: 1, deployment_id: 'unknown', ...over });
const json = { 'content-type': 'application/json' };
const perMinute = 40;

describe('the ping lane answers as the Koa route does', () => {
  let server: TestServer;
  const clock = frozenClock(new Date('2026-11-27T10:00:00Z'));
  const lines: { msg?: string; requestId?: string; url?: string; status?: number; method?: string }[] = [];

  beforeAll(async () => {
    server = await startTestServer(
      { LOG_LEVEL: 'info', PING_RATE_LIMIT_PER_MINUTE: String(perMinute), METRICS_ENABLED: 'true', TRUST_PROXY: 'true' },
      { clock, logDestination: { write: (s: string) => void lines.push(JSON.parse(s) as (typeof lines)[number]) } },
    );
  });
  afterAll(async () => server?.cleanup());
  // Each test counts from a new window of the per-address limit.
  beforeEach(() => clock.advance(60_000));

  async function send(path: string, sent: Sent): Promise<Answer> {
    const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: sent.headers ?? json, body: sent.body ?? ping() });
    const text = await res.text();
    const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'x-request-id' && name !== 'date'));
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : text, headers };
  }
  /** The same request to the lane and to the Koa route. */
  const both = async (sent: Sent) => ({ lane: await send('/api/ping', sent), koa: await send('/api/ping/', sent) });

  const cases: [string, Sent, number][] = [
    ['a valid ping', {}, 200],
    ['a ping with its metadata', { body: ping({ deployment_id: hex(1), edition: 'server', extra: { note: 'kept' } }) }, 200],
    ['broken JSON', { body: '{"version": "2.1' }, 400],
    ['a JSON array', { body: '[1,2]' }, 400],
    ['a JSON string', { body: '"ping"' }, 400],
    ['an empty body', { body: '' }, 400],
    ['a body that is not JSON by its type', { body: ping(), headers: { 'content-type': 'text/plain' } }, 400],
    ['no content type', { body: ping(), headers: {} }, 400],
    ['a prototype-poisoning key', { body: '{"__proto__": {"admin": true}, "version": "1"}' }, 400],
    ['a NUL in the version', { body: ping({ version: 'a\u0000b' }) }, 400],
    ['a bidi override in a metadata key', { body: ping({ extra: { 'a\u202eb': 1 } }) }, 400],
    ['a deployment id that is not a hash', { body: ping({ deployment_id: 'DROP TABLE' }) }, 400],
    ['a negative user count', { body: ping({ users_count: -1 }) }, 400],
    ['metadata nested 40 deep', { body: ping({ deep: JSON.parse('{"a":'.repeat(40) + '1' + '}'.repeat(40)) as unknown }) }, 400],
    ['a body over 100 KB', { body: ping({ pad: 'x'.repeat(120_000) }) }, 413],
    ['a gzip body', { body: new Uint8Array(gzipSync(ping())), headers: { ...json, 'content-encoding': 'gzip' } }, 200],
    ['a corrupt gzip body', { body: new TextEncoder().encode('not gzip at all'), headers: { ...json, 'content-encoding': 'gzip' } }, 400],
    ['an unknown content encoding', { body: ping(), headers: { ...json, 'content-encoding': 'zstd-nope' } }, 415],
  ];

  it.each(cases)('%s', async (_what, sent, status) => {
    const { lane, koa } = await both(sent);
    expect(lane.status).toBe(status);
    expect(lane).toEqual(koa);
    // The platform's sender reads the version from every answer, errors included.
    expect(lane.body).toMatchObject({ latest_version: expect.any(String) });
    expect(lane.headers['content-security-policy']).toBeTruthy();
  });

  it('leaves a ping that carries a token to the Koa stack, which checks it', async () => {
    const refused = await send('/api/ping', { headers: { ...json, authorization: 'Bearer not-a-token' } });
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    expect(refused.body).toMatchObject({ latest_version: expect.any(String), error: expect.any(String) });
  });

  it('keeps a well-formed X-Request-Id, replaces a hostile one, and logs one line per ping', async () => {
    const kept = await fetch(`${server.url}/api/ping`, { method: 'POST', headers: { ...json, 'x-request-id': 'installation-7.trace' }, body: ping() });
    expect(kept.headers.get('x-request-id')).toBe('installation-7.trace');
    const replaced = await fetch(`${server.url}/api/ping?token=secret-in-url`, { method: 'POST', headers: { ...json, 'x-request-id': 'has space{}' }, body: ping() });
    const id = replaced.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.filter((l) => l.requestId === 'installation-7.trace')).toEqual([expect.objectContaining({ msg: 'request', method: 'POST', url: '/api/ping', status: 200 })]);
    expect(lines.find((l) => l.requestId === id)).toMatchObject({ msg: 'request', url: '/api/ping?token=[redacted]', status: 200 });
    expect(JSON.stringify(lines)).not.toContain('secret-in-url');
  });

  it('stores the forwarded address behind a trusted proxy, as the Koa route does', async () => {
    await send('/api/ping', { body: ping({ deployment_id: hex(2) }), headers: { ...json, 'x-forwarded-for': '203.0.113.7, 10.0.0.1' } });
    await send('/api/ping/', { body: ping({ deployment_id: hex(3) }), headers: { ...json, 'x-forwarded-for': '203.0.113.8' } });
    const rows = (await server.deps.db.execute(sql`select deployment_id, ip_address from installations where deployment_id in (${hex(2)}, ${hex(3)}) order by deployment_id`)) as unknown as {
      rows: { ip_address: string }[];
    };
    expect(rows.rows.map((r) => r.ip_address)).toEqual(['203.0.113.7', '203.0.113.8']);
  });

  it('counts both in the request metric under the route’s name', async () => {
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    const count = Number(/launchpad_http_request_duration_seconds_count\{route="pings.ingest",method="POST",status="200"\} (\d+)/.exec(metrics)?.[1]);
    expect(count).toBeGreaterThanOrEqual(8);
    expect(metrics).toMatch(/launchpad_pings_ingested_total \d+/);
  });

  it('shares one per-address limit: the ping over it is refused by either, with Retry-After', async () => {
    const address = { ...json, 'x-forwarded-for': '198.51.100.9' };
    const sends = await Promise.all(Array.from({ length: perMinute }, (_, i) => send(i % 2 ? '/api/ping' : '/api/ping/', { headers: address })));
    expect(sends.map((s) => s.status)).toEqual(Array(perMinute).fill(200));
    const { lane, koa } = await both({ headers: address });
    expect(lane.status).toBe(429);
    expect(lane).toEqual(koa);
    expect(lane.headers['retry-after']).toBe('60');
    expect(lane.body).toMatchObject({ error: 'Too many pings from this address', details: { retry_after_seconds: 60 } });
    // Another address is not held by it; the next window admits this one again.
    expect((await send('/api/ping', { headers: { ...json, 'x-forwarded-for': '198.51.100.10' } })).status).toBe(200);
    clock.advance(60_000);
    expect((await send('/api/ping', { headers: address })).status).toBe(200);
  });
});
