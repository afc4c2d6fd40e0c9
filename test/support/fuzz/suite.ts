/**
 * Property-based fuzzing of every route in the API contract with invalid and boundary input, as
 * anonymous, user, admin and garbage credentials, plus the CI multipart upload and the terminal
 * WebSocket. Every answer must be a 4xx `{error, details}` or a success matching the contract;
 * never a 5xx, a stack trace or a hang. Afterwards the ledger and row counts must still hold.
 * `FUZZ_RUNS` (default 130) is the number of requests per route with inputs (a third of it on PostgreSQL). The suite runs on
 * PGlite (server/openapi/fuzz.test.ts) and on a throw-away PostgreSQL database (fuzz.postgres.test.ts), which
 * refuses what PGlite may not (NUL in text, invalid UTF-8): both must answer alike.
 */
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBrand } from '../../../shared/brand';
import { billedStatuses } from '../../../shared/deployments/vocabulary';
import { apiKeys, balances, deployments, ledgerEntries, licenses, testArtifacts, testRuns } from '../../../server/db/schema';
import { resizeFrame, terminalUrl } from '../terminal-client';
import { deflated, rawZip } from '../zip-fixtures';
import { api } from '../api-client';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../postgres';
import { signInDefaultUsers } from '../sign-in';
import { startTestServer, type TestServer } from '../server';
import type { ApiRoute } from '../../../shared/api/route';
import { apiRoutesByName } from '../../../shared/api/routes';
import { badBearer, bodyArbitrary, headerValue, pathValue, queryArbitrary } from './inputs';
import { problemWith, send } from './answers';

const fuzzRuns = Math.max(1, Number(process.env.FUZZ_RUNS ?? 130));
const ciSecret = 'fuzz-ci-secret-0123';
const roles = ['anonymous', 'user', 'admin', 'garbage'] as const;
type Role = (typeof roles)[number];

const contract = apiRoutesByName(defaultBrand);
const httpRoutes = Object.entries(contract).filter(([, r]) => !r.websocket && r.gateway !== 'stripe');

/**
 * Declares the whole fuzz suite against one database. Without a reachable PostgreSQL the
 * PostgreSQL suite is skipped, unless CI is set (then it fails).
 */
export async function defineFuzzSuite(target: 'PGlite' | 'PostgreSQL'): Promise<void> {
  // The PostgreSQL run is there for what PostgreSQL refuses and PGlite takes (NUL, invalid UTF-8): the
  // same inputs, a third as many of them (PGlite's run explores; the suite's time is shared by every change).
  const runsPerRoute = target === 'PGlite' ? fuzzRuns : Math.max(1, Math.ceil(fuzzRuns / 3));
  /** routes without any input (a fixed page or list) need fewer tries */
  const runsWithoutInput = Math.max(1, Math.ceil(runsPerRoute / 6));
  const pgAvailable = target === 'PostgreSQL' ? await postgresAvailable() : true;
  if (!pgAvailable) {
    describe(`fuzzing on PostgreSQL ${postgresSkipNote}`, () => it.skip('needs PostgreSQL', () => undefined));
    return;
  }
  const sent = new Map<string, number>();
  const statuses = new Map<string, Map<string, number>>();
  const count = (name: string, status?: number | string) => {
    sent.set(name, (sent.get(name) ?? 0) + 1);
    const byStatus = statuses.get(name) ?? new Map<string, number>();
    const key = String(status ?? '-');
    statuses.set(name, byStatus.set(key, (byStatus.get(key) ?? 0) + 1));
  };
  /** created rows the answers promised, compared with the database afterwards */
  const created = { licenses: 0, deployments: new Set<string>(), apiKeys: 0, testRuns: 0 };

  let server: TestServer;
  let tokens: Record<'user' | 'other' | 'admin', string>;
  let pgdb: TestPostgresDatabase | undefined;

  beforeAll(async () => {
    if (target === 'PostgreSQL' && !pgAvailable) throw new Error(`PostgreSQL is required in CI ${postgresSkipNote}`);
    pgdb = target === 'PostgreSQL' ? await createPostgresDatabase() : undefined;
    // Limits are lifted so that validation, not the limiter, answers (the limiter has its own tests).
    server = await startTestServer({
      ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
      CI_SECRET: ciSecret,
      PING_RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
      RATE_LIMIT_SIGNIN_PER_MINUTE: '1000000',
    });
    tokens = await signInDefaultUsers(server);
  }, 60_000);

  afterAll(async () => {
    const lines = [...sent]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, n]) => `  ${name.padEnd(34)} ${String(n).padStart(4)}  ${[...(statuses.get(name) ?? [])].map(([st, k]) => `${st}×${k}`).join(' ')}`);
    const total = [...sent.values()].reduce((a, b) => a + b, 0);
    console.log(`fuzz (${target}): requests per route\n${lines.join('\n')}\nfuzz (${target}): ${total} requests in total over ${sent.size} routes`);
    await server?.cleanup();
    await pgdb?.drop();
  }, 180_000);

  function fillPath(route: ApiRoute, values: string[]): string {
    let i = 0;
    // URLs resolve "." and ".." segments before sending, which would fuzz another route.
    const segment = (v: string) => (v === '.' || v === '..' ? 'dot' : encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '?')) || 'x');
    return route.path.replace(/\{[^}]+\}/g, () => segment(values[i++] ?? 'x'));
  }

  function credentials(role: Role, bearer: string): Record<string, string> {
    if (role === 'anonymous') return {};
    if (role === 'garbage') return { authorization: `Bearer ${bearer}` };
    return { authorization: `Bearer ${tokens[role]}` };
  }

  /** Remembers what a success created, so the row counts can be checked after the run. */
  function noteCreated(name: string, status: number, text: string): void {
    if (status !== 200 && status !== 201) return;
    if (name === 'licenses.create' || name === 'admin.licenses.create') created.licenses++;
    if (name === 'api-keys.create') created.apiKeys++;
    if (name === 'deployments.create') created.deployments.add((JSON.parse(text) as { id: string }).id);
  }

  describe(`fuzzing every route of the contract on ${target}`, () => {
    it.each(httpRoutes)(
      '%s never answers 5xx, a stack trace or off-contract',
      async (name, route) => {
        const hasInput = !!(route.params || route.query || route.body || route.headers);
        const input = fc.record({
          role: fc.constantFrom(...roles),
          bearer: badBearer,
          params: fc.array(pathValue, { minLength: 2, maxLength: 2 }),
          query: queryArbitrary(route),
          body: route.method === 'GET' ? fc.constant(undefined) : bodyArbitrary(route),
          idempotencyKey: fc.option(headerValue, { nil: undefined }),
          ciSecret: fc.boolean(),
        });
        await fc.assert(
          fc.asyncProperty(input, async (i) => {
            // Machines are real processes: a handful of accidental creates is plenty.
            const role = name === 'deployments.create' && created.deployments.size >= 3 ? 'anonymous' : i.role;
            const headers: Record<string, string> = { accept: 'application/json', ...credentials(role, i.bearer) };
            if (i.idempotencyKey !== undefined && route.headers) headers['idempotency-key'] = i.idempotencyKey;
            if (route.auth === 'ci-secret' && i.ciSecret) headers['x-ci-secret'] = ciSecret;
            if (i.body) headers['content-type'] = i.body.contentType;
            const url = `${server.url}${fillPath(route, i.params)}${i.query}`;
            const answer = await send(url, { method: route.method, headers, body: i.body?.payload });
            count(name, answer.status);
            noteCreated(name, answer.status, answer.text);
            const problem = problemWith(route, answer);
            if (problem) throw new Error(`${route.method} ${url} as ${role} with ${i.body?.what ?? 'no body'}: ${problem}`);
          }),
          { numRuns: hasInput ? runsPerRoute : runsWithoutInput, endOnFailure: true },
        );
      },
      120_000,
    );
  });

  describe(`fuzzing the CI upload with bad multipart on ${target}`, () => {
    const boundary = '----fuzzboundary7MA4YWxkTrZu0gW';
    const part = (name: string, value: string, filename?: string, type?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n${value}\r\n`;
    const goodFields = { branch: 'fuzz', commit: 'abc123', build_number: '1', test_type: 'smoke', status: 'passed', duration: '1', exit_code: '0' };
    const fieldsBody = (fields: Record<string, string>) =>
      Object.entries(fields)
        .map(([k, v]) => part(k, v))
        .join('');
    const zip = Buffer.from(rawZip([deflated('a.log', new TextEncoder().encode('hello'))])).toString('latin1');

    const multipart = fc.oneof(
      fc
        .record({ fields: fc.dictionary(fc.constantFrom(...Object.keys(goodFields), 'x'), fc.string({ maxLength: 30 }), { maxKeys: 8 }) })
        .map(({ fields }) => ({ what: 'random fields', type: `multipart/form-data; boundary=${boundary}`, body: `${fieldsBody({ ...goodFields, ...fields })}--${boundary}--\r\n` })),
      fc.nat({ max: 400 }).map((cut) => ({ what: 'truncated', type: `multipart/form-data; boundary=${boundary}`, body: `${fieldsBody(goodFields)}--${boundary}--\r\n`.slice(0, cut) })),
      fc.constant({ what: 'wrong boundary', type: 'multipart/form-data; boundary=other', body: `${fieldsBody(goodFields)}--${boundary}--\r\n` }),
      fc.constant({ what: 'no boundary', type: 'multipart/form-data', body: fieldsBody(goodFields) }),
      fc.constant({ what: 'huge field', type: `multipart/form-data; boundary=${boundary}`, body: `${fieldsBody({ ...goodFields, branch: 'b'.repeat(200_000) })}--${boundary}--\r\n` }),
      fc.constantFrom('not a zip at all', '\u0000\u0001PK\u0003\u0004truncated', zip.slice(0, 20), zip).map((file) => ({
        what: 'file',
        type: `multipart/form-data; boundary=${boundary}`,
        body: `${fieldsBody({ ...goodFields, build_number: `f${file.length}` })}${part('artifacts', file, 'a.zip', 'application/zip')}--${boundary}--\r\n`,
      })),
      fc.constant({ what: 'duplicate fields', type: `multipart/form-data; boundary=${boundary}`, body: `${fieldsBody(goodFields)}${part('status', 'failed')}--${boundary}--\r\n` }),
      fc.constant({
        what: 'two files',
        type: `multipart/form-data; boundary=${boundary}`,
        body: `${fieldsBody(goodFields)}${part('artifacts', zip, 'a.zip')}${part('artifacts', zip, 'b.zip')}--${boundary}--\r\n`,
      }),
    );

    it('answers every upload with 4xx {error, details} or a stored run', async () => {
      const route = contract['ci.test-results'] as ApiRoute;
      await fc.assert(
        fc.asyncProperty(multipart, async (m) => {
          const answer = await send(`${server.url}/api/ci/test-results`, {
            method: 'POST',
            headers: { 'content-type': m.type, 'x-ci-secret': ciSecret, accept: 'application/json' },
            body: Buffer.from(m.body, 'latin1'),
          });
          count('ci.test-results (multipart)', answer.status);
          if (answer.status === 201) created.testRuns++;
          const problem = problemWith(route, answer);
          if (problem) throw new Error(`${m.what}: ${problem}`);
        }),
        { numRuns: Math.max(20, runsPerRoute), endOnFailure: true },
      );
      expect((await api(server, '/healthz')).status).toBe(200);
    }, 120_000);
  });

  describe(`fuzzing the terminal WebSocket on ${target}`, () => {
    /** Opens a socket, sends the frames, and resolves with the close code (or 'open' if still open after a moment). */
    function session(url: string, frames: (string | Buffer)[]): Promise<{ refused?: number; code?: number }> {
      return new Promise((resolve) => {
        const ws = new WebSocket(url, { maxPayload: 1 << 24 });
        const done = (r: { refused?: number; code?: number }) => {
          clearTimeout(timer);
          resolve(r);
        };
        const timer = setTimeout(() => {
          ws.terminate();
          done({});
        }, 1500);
        ws.on('unexpected-response', (_req, res) => {
          ws.terminate();
          done({ refused: res.statusCode });
        });
        ws.on('error', () => undefined);
        ws.on('close', (code) => done({ code }));
        ws.on('open', () => {
          for (const f of frames) ws.send(f);
          setTimeout(() => ws.close(1000), 200);
        });
      });
    }

    it('survives random, truncated and huge frames and bad upgrades', async () => {
      // The routes' fuzzing above called sign-out, which ends those sessions for every later call.
      tokens = await signInDefaultUsers(server);
      const res = await api(server, '/api/deployments', { method: 'POST', token: tokens.user, body: { configId: 'trial_vm_hetzner', name: 'fuzz-terminal', timeoutMins: null } });
      expect(res.status).toBe(200);
      const id = (res.body as { id: string }).id;
      created.deployments.add(id);
      const frame = fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.string({ unit: 'binary', maxLength: 50 }),
        fc.uint8Array({ maxLength: 9 }).map((b) => Buffer.from(b)),
        fc.tuple(fc.nat({ max: 65_535 }), fc.nat({ max: 65_535 })).map(([r, c]) => resizeFrame(r, c)),
        fc.nat({ max: 3 }).map((n) => resizeFrame(30, 100).subarray(0, n)),
        fc.constant('x'.repeat(70 * 1024)),
        fc.constant(Buffer.alloc(200 * 1024, 1)),
      );
      const target = fc.oneof(
        { weight: 4, arbitrary: fc.constant(terminalUrl(server.url, id, tokens.user)) },
        { weight: 1, arbitrary: fc.constant(terminalUrl(server.url, id, tokens.other)) },
        { weight: 1, arbitrary: badBearer.map((t) => terminalUrl(server.url, id, t)) },
        { weight: 1, arbitrary: pathValue.map((p) => `${server.url.replace(/^http/, 'ws')}/api/deployments/${encodeURIComponent(p.replace(/[\ud800-\udfff]/g, '?'))}/terminal?token=${tokens.user}`) },
      );
      await fc.assert(
        fc.asyncProperty(target, fc.array(frame, { maxLength: 6 }), async (url, frames) => {
          const r = await session(url, frames);
          count('deployments.terminal (websocket)', r.refused ?? r.code ?? 'open');
          // 1011 is the bridge's own failure; everything else is a deliberate refusal or close.
          if (r.code === 1011) throw new Error(`terminal closed with 1011 after ${frames.length} frames`);
          if (r.refused !== undefined && r.refused >= 500) throw new Error(`upgrade refused with ${r.refused}`);
          const health = await api(server, '/healthz');
          if (health.status !== 200) throw new Error('the server stopped answering');
        }),
        { numRuns: Math.max(10, Math.ceil(runsPerRoute / 3)), endOnFailure: true },
      );
    }, 120_000);
  });

  describe(`after the fuzzing on ${target}`, () => {
    it('holds the ledger invariant and the row counts: nothing half-written', async () => {
      const db = server.deps.db;
      await server.services.tasks.drain();
      const sums = await db
        .select({ userId: ledgerEntries.userId, total: sql<string>`sum(${ledgerEntries.amountCents})` })
        .from(ledgerEntries)
        .groupBy(ledgerEntries.userId);
      const stored = await db.select().from(balances);
      for (const s of sums) expect(stored.find((b) => b.userId === s.userId)?.balanceCents ?? 0, `balance of ${s.userId}`).toBe(Number(s.total));
      for (const b of stored) expect(sums.some((s) => s.userId === b.userId) || b.balanceCents === 0, `a balance without entries: ${b.userId}`).toBe(true);

      // The hourly burn the balance row carries (kept by a trigger) is what the deployments say.
      const billedNow = await db.select().from(deployments);
      for (const b of stored) {
        const burn = billedNow.filter((d) => d.userId === b.userId && d.deletedAt === null && billedStatuses.includes(d.status)).reduce((n, d) => n + (d.hourlyRateCents ?? 0), 0);
        expect(b.hourlyBurnCents, `hourly burn of ${b.userId}`).toBe(burn);
      }
      expect((await db.select().from(licenses)).length).toBe(created.licenses);
      expect((await db.select().from(apiKeys)).length).toBe(created.apiKeys);
      const rows = await db.select().from(deployments);
      expect(rows.map((r) => r.id).sort()).toEqual([...created.deployments].sort());
      expect((await db.select().from(testRuns)).length).toBeGreaterThanOrEqual(created.testRuns);
      // Every artifact belongs to a stored run.
      const orphans = await db.select().from(testArtifacts).leftJoin(testRuns, eq(testArtifacts.runId, testRuns.id));
      expect(orphans.filter((o) => o.test_runs === null)).toEqual([]);
      const total = [...sent.values()].reduce((a, b) => a + b, 0);
      if (runsPerRoute >= 130) expect(total).toBeGreaterThanOrEqual(5000);
    }, 180_000);
  });
}
