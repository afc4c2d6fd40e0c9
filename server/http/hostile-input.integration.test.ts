import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { authContract } from '../../shared/api/auth';
import { licensesContract } from '../../shared/api/licenses';
import { pingAnswer, pingsContract } from '../../shared/api/pings';
import { testRunsContract } from '../../shared/api/test-runs';
import { api } from '../../test/support/api-client';
import { useTestServer } from '../../test/support/suite-server';
import { call, errorOf, fieldProblemsOf } from '../../test/support/typed-client';

/**
 * What the outside review sent (issue 19): text the database refuses or a page would show wrongly,
 * structures that overflow a recursive walk, bodies that cannot be read. Each must be a 4xx
 * `{error, details}` naming the field — never a 500 — and POST /api/ping always says latest_version.
 */

const hostile: [string, string][] = [
  ['NUL', 'a\u0000b'],
  ['lone high surrogate', 'a\ud800b'],
  ['lone low surrogate', '\udc00'],
  ['bidi override', 'evil\u202egnp.exe'],
  ['bidi isolate', '\u2066admin\u2069'],
  ['escape sequence', '\u001b[31mred'],
  ['newline in a one-line field', 'two\nlines'],
];

const ciSecret = 'hostile-ci-secret';

/** Every answer to a ping carries latest_version, errors included: the platform's sender reads it whatever the status. */
const latestVersionOf = (res: { body: unknown }) => pingAnswer.parse(res.body).latest_version;

describe('hostile input answers 4xx naming the field, on every route the review found', () => {
  const { server, tokens } = useTestServer({ PING_RATE_LIMIT_PER_MINUTE: '1000', CI_SECRET: ciSecret }, { signIn: 'all' });

  const expectRefused = (res: { status: number; body: unknown }, path: string) => {
    expect(res.status).toBe(400);
    // The add form shows `error` alone, so that route says the field's problem there.
    expect(errorOf(res).error).toMatch(/^Invalid |must not contain/);
    expect(fieldProblemsOf(res)[0]?.path).toBe(path);
  };

  const ping = (body: Record<string, unknown>) => ({ version: '2.12.2', apps_count: 1, users_count: 1, deployment_id: 'unknown', ...body });

  it.each(hostile)('POST /api/ping with %s in version, edition, a metadata key and value: 400 with latest_version', async (_what, text) => {
    for (const [body, path] of [
      [ping({ version: text }), 'version'],
      [ping({ edition: text }), 'edition'],
      [ping({ extra: { [text]: 1 } }), `extra.${text}`],
      [ping({ extra: { note: text } }), 'extra.note'],
    ] as const) {
      const res = await api(server, '/api/ping', { body });
      expectRefused(res, path);
      expect(latestVersionOf(res)).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });

  it('POST /api/ping with metadata nested 10,000 deep or 1,000 keys wide: 400 with latest_version', async () => {
    const deep = `{"version":"2.12.2","apps_count":1,"users_count":1,"deployment_id":"unknown","meta":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const res = await api(server, '/api/ping', { body: deep });
    expect(res.status).toBe(400);
    expect(fieldProblemsOf(res)[0]?.message).toMatch(/Nested deeper than/);
    expect(latestVersionOf(res)).toBeTruthy();
    const wide = ping({ meta: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])) });
    const res2 = await api(server, '/api/ping', { body: wide });
    expect(res2.status).toBe(400);
    expect(fieldProblemsOf(res2)[0]?.message).toMatch(/More than 200 keys/);
  });

  it('ping metadata is bounded by its own limits (8 deep, 50 keys an object, 16 KB) and kept when within them', async () => {
    let nine: unknown = 1;
    for (let i = 0; i < 9; i++) nine = { n: nine };
    for (const [meta, message] of [
      [nine, /Nested deeper than 8 levels/],
      [Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])), /More than 50 keys/],
      [{ blob: 'é'.repeat(9000) }, /Larger than 16384 bytes/],
    ] as const) {
      const res = await api(server, '/api/ping', { body: ping({ meta }) });
      expect(res.status).toBe(400);
      expect(fieldProblemsOf(res)[0]?.message).toMatch(message);
      expect(latestVersionOf(res)).toMatch(/^\d+\.\d+\.\d+$/);
    }
    const kept = { gpu: 'H100', notes: ['a', 'b'], nested: { depth: { is: { fine: true } } } };
    const id = 'c'.repeat(64);
    expect((await api(server, '/api/ping', { body: ping({ deployment_id: id, meta: kept }) })).status).toBe(200);
    const list = await call(server, pingsContract.adminList, {}, { token: tokens.admin });
    expect(list.pings.find((p) => p.deployment_id === id)?.metadata).toEqual({ meta: kept });
  });

  it('a multi-line field takes newlines and tabs, a one-line field of the same request does not (CI upload)', async () => {
    const upload = async (over: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ branch: 'main', commit: 'abc123', build_number: '7', test_type: 'smoke', status: 'failed', ...over })) form.set(k, v);
      const res = await fetch(`${server.url}/api/ci/test-results`, { method: 'POST', headers: { 'x-ci-secret': ciSecret }, body: form });
      const body: unknown = await res.json();
      return { status: res.status, body };
    };
    const ok = await upload({ error_message: 'step 3 failed:\n\texpected 1, got 2' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    // FormData sends the line break as CRLF, as multipart must; it is stored as LF.
    expect(testRunsContract.ciUpload.responses[201].schema.parse(ok.body).error_message).toBe('step 3 failed:\n\texpected 1, got 2');
    for (const [over, path] of [
      [{ branch: 'two\nlines' }, 'branch'],
      [{ error_message: 'nul\u0000' }, 'error_message'],
      [{ error_message: 'evil\u202e' }, 'error_message'],
      [{ build_url: 'https://ci.example.test/\n1' }, 'build_url'],
    ] as const) {
      const res = await upload(over);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(fieldProblemsOf(res)[0]?.path).toBe(path);
    }
  });

  it('POST /api/ping with a corrupt or non-JSON body still answers latest_version', async () => {
    for (const res of [
      await api(server, '/api/ping', { body: '{"version":', headers: { 'content-type': 'application/json' } }),
      await api(server, '/api/ping', { body: 'not json at all' }),
      await api(server, '/api/ping', { body: 'x'.repeat(50), headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }),
    ]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(latestVersionOf(res)).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });

  it.each(hostile)('user routes refuse %s in stored text', async (_what, text) => {
    const { user, admin } = tokens;
    expectRefused(await api(server, '/api/licenses', { token: user, body: { type: 'community', organization_name: text } }), 'organization_name');
    expectRefused(await api(server, '/api/admin/licenses/create', { token: admin, body: { email: 'other@example.test', organization_name: text, perpetual: true } }), 'organization_name');
    expectRefused(await api(server, '/api/auth/api-keys', { token: user, body: { name: text } }), 'name');
    expectRefused(await api(server, '/api/connected-deployments', { token: user, body: { name: text, url: 'https://example.test' } }), 'name');
    expectRefused(
      await api(server, '/api/connected-deployments/sync', { token: user, body: { local_storage_deployments: [{ id: 'local-0', name: text, url: 'https://example.test' }] } }),
      'local_storage_deployments.0.name',
    );
    expectRefused(await api(server, '/api/deployments', { token: user, body: { configId: 'trial_vm_hetzner', name: text, timeoutMins: null } }), 'name');
  });

  // A URL cannot carry a lone surrogate (encodeURIComponent refuses one); invalid UTF-8 bytes decode to U+FFFD.
  it.each(hostile.filter(([what]) => !what.includes('surrogate')))('query parameters refuse %s: admin ping search and version filters', async (_what, text) => {
    for (const key of ['search', 'version']) {
      expectRefused(await api(server, `/api/admin/pings?${key}=${encodeURIComponent(text)}`, { token: tokens.admin }), key);
    }
  });

  it('query parameters with bytes that are not UTF-8 (an encoded surrogate) are never a 500', async () => {
    for (const raw of ['%ED%A0%80', '%FF%FE', '%00', '%E2%80%AE']) {
      const res = await api(server, `/api/admin/pings?search=${raw}`, { token: tokens.admin });
      expect([200, 400]).toContain(res.status);
    }
  });

  it.each([
    ['an impossible date', '2026-13-45T25:61:00.000Z|7d444840-9dc0-11d1-b245-5ffdce74fad2'],
    ['a malformed uuid', '2026-11-24T10:00:00.000Z|------------------------------------'],
    ['extra fields', '2026-11-24T10:00:00.000Z|7d444840-9dc0-11d1-b245-5ffdce74fad2|x'],
    ['a date without time zone', '2026-11-24 10:00|7d444840-9dc0-11d1-b245-5ffdce74fad2'],
  ])('GET /api/balance/transactions with a cursor of %s: 400', async (_what, cursor) => {
    const res = await api(server, `/api/balance/transactions?cursor=${encodeURIComponent(cursor)}`, { token: tokens.user });
    expect(res.status).toBe(400);
    expect(fieldProblemsOf(res)[0]?.message).toMatch(/Invalid cursor/);
  });

  it('a corrupt gzip body, an unknown encoding or an oversized body is a 4xx on any JSON route', async () => {
    const corrupt = await api(server, '/api/licenses', { token: tokens.user, body: 'garbage that is not gzip', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
    expect(corrupt.status).toBe(400);
    expect(errorOf(corrupt).error).toMatch(/could not be decompressed/);
    const unknown = await api(server, '/api/licenses', { token: tokens.user, body: '{}', headers: { 'content-type': 'application/json', 'content-encoding': 'br2' } });
    expect(unknown.status).toBe(415);
    const big = await api(server, '/api/licenses', { token: tokens.user, body: JSON.stringify({ type: 'community', organization_name: 'x'.repeat(200_000) }) });
    expect(big.status).toBe(413);
    // A well-formed gzip body is read as usual.
    const ok = await fetch(`${server.url}/api/licenses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.user}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ type: 'community', organization_name: 'Gzip Inc' })),
    });
    expect(ok.status).toBe(201);
  });

  it.each([
    ['zero-width space', 'Ad\u200bmin'],
    ['left-to-right mark', 'Admin\u200e'],
    ['Arabic letter mark', 'A\u061cdmin'],
    ['zero-width no-break space', 'Ad\ufeffmin'],
    ['line separator', 'Ad\u2028min'],
    ['soft hyphen', 'Ad\u00admin'],
    ['combining grapheme joiner', 'A\u034fdmin'],
    ['Hangul filler (a name that reads as empty)', '\u3164'],
    ['tag characters', 'Admin\u{e0061}\u{e007f}'],
    ['noncharacter', 'Admin\ufdd0'],
  ])('a name with an invisible format character (%s) is a 400 naming the field', async (_what, name) => {
    const key = await api(server, '/api/auth/api-keys', { method: 'POST', token: tokens.user, body: { name } });
    expect(key.status).toBe(400);
    expect(fieldProblemsOf(key)[0]).toEqual({ path: 'name', message: 'Name must not contain invisible format characters' });
    const licence = await api(server, '/api/licenses', { method: 'POST', token: tokens.user, body: { type: 'community', organization_name: name } });
    expect(licence.status).toBe(400);
    expect(fieldProblemsOf(licence)[0]?.path).toBe('organization_name');
  });

  it('nothing stored was touched by the refused requests', async () => {
    const list = await call(server, licensesContract.list, {}, { token: tokens.user });
    expect(list.map((l) => l.organization_name)).toEqual(['Gzip Inc']);
    expect(await call(server, authContract.listApiKeys, {}, { token: tokens.user })).toEqual({ keys: [] });
  });
});
