import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBrand } from '../../shared/brand';
import { api } from '../../test/support/api-client';
import { createPostgresDatabase, pgRequired, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../test/support/postgres';
import { signInDefaultUsers } from '../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../test/support/server';
import type { ApiRoute } from '../../shared/api/route';
import { apiRoutesByName } from '../../shared/api/routes';

/**
 * What the random fuzz never did (issue 19): every string field the OpenAPI input schemas declare
 * (JSON bodies and the CI multipart upload) and every query parameter of the contract, replaced in
 * turn by each hostile text — NUL and other controls, lone surrogates, bidi overrides, shell/SQL/HTML
 * metacharacters — as visitor, user and admin, on PGlite and on PostgreSQL. A hostile text in a
 * stored field must be a 400 naming it (or the role's 401/403 first); nothing may be a 5xx.
 */

const hostile = ['nul\u0000', '\ud800lone', 'lone\udfff', 'rtl\u202eexe', '\u2066iso\u2069', 'bell\u0007', 'esc\u001b[2J', 'tab\tnew\nline', 'del\u007f'];
/** Refused by the text rule too, but they may also be legal values elsewhere: never a 5xx. */
const metacharacters = ["'; drop table users; --", '$(reboot)', '`id`', '<img src=x onerror=alert(1)>', '%00', '../../etc/passwd', '{{7*7}}', '\\'];

const contract = apiRoutesByName(defaultBrand);
const ciSecret = 'sweep-ci-secret-0123';

type Role = 'visitor' | 'user' | 'admin';
const roles: readonly Role[] = ['visitor', 'user', 'admin'];

/** A valid body per JSON route (the authorisation matrix's examples), and who calls it. */
const bodies: Record<string, { body: unknown; role: Role }> = {
  'api-keys.create': { body: { name: 'sweep' }, role: 'user' },
  'user-meta.update': { body: { huggingface_token: 'hf_sweep' }, role: 'user' },
  'deployments.create': { body: { configId: 'no_such_type', name: 'sweep', timeoutMins: null }, role: 'user' },
  'balance.checkout': { body: { amount_cents: 500 }, role: 'user' },
  'balance.spend-limit.save': { body: { monthly_limit_cents: 5000 }, role: 'user' },
  'balance.move': { body: { to_account: '7d444840-9dc0-11d1-b245-5ffdce74fad2', amount_cents: 100 }, role: 'user' },
  'admin.balance.topup': { body: { email: 'other@example.test', amount_cents: 1, reason: 'sweep' }, role: 'admin' },
  'admin.customers.topup': { body: { amount_cents: 1, reason: 'sweep' }, role: 'admin' },
  'admin.alerts.test': { body: { kind: 'admin_payment_received' }, role: 'admin' },
  // The enterprise branch: it has every string field of the union (support_level too).
  'licenses.create': { body: { type: 'enterprise', organization_name: 'Sweep', support_level: 'none' }, role: 'user' },
  'licenses.checkout': { body: { license_id: 'lic_aaaaaaaaaaaaaaaaaaaa', users_limit: 10 }, role: 'user' },
  'deployments.update-version': { body: { version: '2.12.2' }, role: 'user' },
  'admin.licenses.create': { body: { email: 'other@example.test', organization_name: 'Sweep', perpetual: true }, role: 'admin' },
  'admin.licenses.revoke': { body: { reason: 'sweep' }, role: 'admin' },
  'admin.licenses.change': { body: { extend_weeks: 1, support_level: 'email' }, role: 'admin' },
  'pings.ingest': { body: { version: '2.12.2', apps_count: 1, users_count: 1, deployment_id: 'unknown', edition: 'server', meta: { note: 'x' } }, role: 'visitor' },
  'connected-deployments.create': { body: { name: 'sweep', description: 'd', url: 'https://sweep.example' }, role: 'user' },
  'connected-deployments.update': { body: { description: 'd' }, role: 'user' },
  'connected-deployments.sync': { body: { local_storage_deployments: [{ id: 'local-0', name: 'sweep', url: 'https://sweep.example' }] }, role: 'user' },
  'billing-details.save': { body: { legal_name: 'Sweep GmbH', address: 'Sweepstraße 1', country: 'DE', tax_id: 'DE123456789', email: 'sweep@example.test' }, role: 'user' },
  'teams.create': { body: { name: 'Sweep team' }, role: 'user' },
  'teams.rename': { body: { name: 'Sweep team' }, role: 'user' },
  'teams.invite': { body: { email: 'sweep@example.test', role: 'member' }, role: 'user' },
  'teams.members.role': { body: { role: 'member' }, role: 'user' },
  'teams.transfer': { body: { user_id: '7d444840-9dc0-11d1-b245-5ffdce74fad2' }, role: 'user' },
};

/** A well-formed id for the route's path (licences and private deployments have their own forms): the body is what is swept. */
const pathIdOf = (path: string) =>
  path.includes('/licenses/{id}') ? 'lic_aaaaaaaaaaaaaaaaaaaa' : path.includes('/connected-deployments/{id}') ? 'cd_aaaaaaaaaaaaaaaaaaaa' : '7d444840-9dc0-11d1-b245-5ffdce74fad2';

/** Fields that take tabs and line breaks (safeText multiline: an address on an invoice). */
const multiLineFields = ['billing-details.save address'];

type JsonSchema = { type?: string | string[]; const?: unknown; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[]; oneOf?: JsonSchema[] };

/** Paths of every string field the route's schema (its OpenAPI input) declares, arrays at index 0. */
function schemaStringPaths(schema: JsonSchema, path: (string | number)[] = []): (string | number)[][] {
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  const out = branches.flatMap((b) => schemaStringPaths(b, path));
  if ([schema.type].flat().includes('string') && path.length) out.push(path);
  for (const [k, prop] of Object.entries(schema.properties ?? {})) out.push(...schemaStringPaths(prop, [...path, k]));
  if (schema.items) out.push(...schemaStringPaths(schema.items, [...path, 0]));
  return out;
}

/** The schema's string fields and the example's string leaves (free-form metadata), once each. */
function sweptPaths(route: ApiRoute, example: unknown): (string | number)[][] {
  const declared = route.body ? schemaStringPaths(z.toJSONSchema(route.body.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : [];
  const seen = new Set<string>();
  return [...declared, ...stringPaths(example)].filter((p) => !seen.has(p.join('.')) && !!seen.add(p.join('.')));
}

/** Paths of every string leaf of a JSON value. */
function stringPaths(v: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof v === 'string') return [path];
  if (Array.isArray(v)) return v.flatMap((item, i) => stringPaths(item, [...path, i]));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, item]) => stringPaths(item, [...path, k]));
  return [];
}

function withValue(v: unknown, path: (string | number)[], value: string): unknown {
  const copy = structuredClone(v) as Record<string | number, unknown>;
  let at = copy;
  for (const [i, key] of path.slice(0, -1).entries()) at = (at[key] ??= typeof path[i + 1] === 'number' ? [] : {}) as Record<string | number, unknown>;
  at[path[path.length - 1]!] = value;
  return copy;
}

const queryKeys = (route: ApiRoute): string[] => (route.query ? Object.keys((z.toJSONSchema(route.query, { io: 'input', unrepresentable: 'any' }) as { properties?: object }).properties ?? {}) : []);
const withoutSurrogates = (s: string) => s.replace(/[\ud800-\udfff]/g, '\ufffd');

const pgAvailable = await postgresAvailable();
const targets = [
  ['PGlite', false],
  [pgAvailable ? 'PostgreSQL' : `PostgreSQL ${postgresSkipNote}`, true],
] as const;

describe.each(targets)('hostile text in every field and query parameter, on %s', (_name, usePostgres) => {
  const skip = usePostgres && !pgAvailable;
  let pgdb: TestPostgresDatabase | undefined;
  let server: TestServer;
  let tokens: { user: string; other: string; admin: string };
  let sent = 0;

  beforeAll(async () => {
    if (skip) {
      if (pgRequired) throw new Error(`PostgreSQL is required in CI ${postgresSkipNote}`);
      return;
    }
    pgdb = usePostgres ? await createPostgresDatabase() : undefined;
    server = await startTestServer({ ...(pgdb ? { DATABASE_URL: pgdb.url } : {}), CI_SECRET: ciSecret, PING_RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PUBLIC_PER_MINUTE: '100000' });
    tokens = await signInDefaultUsers(server);
  }, 60_000);
  afterAll(async () => {
    if (server) console.log(`text sweep (${_name}): ${sent} requests, no 5xx`);
    await server?.cleanup();
    await pgdb?.drop();
  });

  const tokenOf = (role: Role) => (role === 'visitor' ? undefined : role === 'admin' ? tokens.admin : tokens.user);
  /** What the role gets before any input is read: undefined when the route lets it in. */
  const refusal = (route: ApiRoute, role: Role): number | undefined => {
    if (route.auth === 'user' || route.auth === 'admin') {
      if (role === 'visitor') return 401;
      if (route.auth === 'admin' && role === 'user') return 403;
    }
    return undefined;
  };

  it.skipIf(skip)(
    'every string of every JSON body, as visitor, user and admin: hostile text is a 400 naming the field (or the role is refused first), metacharacters never a 5xx',
    async () => {
      // Every JSON route is here, but those whose body holds no string (a timeout in minutes; e-mail switches and a threshold; alert switches and their Ns).
      const noStrings = ['deployments.update-timeout', 'notifications.preferences.put', 'admin.alert-preferences.put'];
      const jsonRoutes = Object.entries(contract).filter(([, r]) => r.body?.type === 'application/json' && r.auth !== 'stripe-signature');
      expect(
        jsonRoutes
          .map(([n]) => n)
          .filter((n) => !noStrings.includes(n))
          .sort(),
      ).toEqual(Object.keys(bodies).sort());
      for (const [name, { body }] of Object.entries(bodies)) {
        const route = contract[name]!;
        for (const path of sweptPaths(route, body)) {
          for (const role of roles) {
            // A role refused before the body is read gets the two texts that break parsers (NUL, a lone surrogate): the rest would be the same refusal.
            for (const value of refusal(route, role) ? hostile.slice(0, 2) : [...hostile, ...metacharacters]) {
              // Every path parameter is a well-formed id nobody has (a licence's has its own shape).
              const res = await api(server, route.path.replace(/\{\w+\}/g, pathIdOf(route.path)), {
                method: route.method,
                token: tokenOf(role),
                body: withValue(body, path, value),
              });
              sent++;
              const what = `${name} as ${role} ${path.join('.')}=${JSON.stringify(value)}: ${JSON.stringify(res.body)}`;
              expect(res.status, what).toBeLessThan(500);
              const refused = refusal(route, role);
              if (refused) expect(res.status, what).toBe(refused);
              else if (hostile.includes(value) && !(value === 'tab\tnew\nline' && multiLineFields.includes(`${name} ${path.join('.')}`))) {
                expect(res.status, what).toBe(400);
                expect((res.body as { details: { path: string }[] }).details[0]?.path, what).toBe(path.join('.'));
              }
            }
          }
        }
      }
    },
    180_000,
  );

  it.skipIf(skip)(
    'every field of the CI upload (multipart): hostile text is a 400 naming the field; the multi-line error_message takes line breaks',
    async () => {
      const route = contract['ci.test-results']!;
      const example: Record<string, string> = { branch: 'sweep', commit: 'abc123', build_number: '1', test_type: 'smoke', status: 'failed' };
      const fields = schemaStringPaths(z.toJSONSchema(route.body!.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema).map((p) => String(p[0]));
      expect(fields).toContain('error_message');
      // FormData carries text as USVString: a lone surrogate arrives as U+FFFD, which is text.
      for (const field of fields) {
        for (const secret of [ciSecret, undefined]) {
          const texts = [...hostile.filter((h) => !/[\ud800-\udfff]/.test(h)), ...metacharacters];
          // without the secret the upload is refused before its fields are read: one text shows it
          for (const value of secret ? texts : texts.slice(0, 1)) {
            const form = new FormData();
            for (const [k, v] of Object.entries({ ...example, [field]: value })) form.set(k, v);
            const res = await fetch(`${server.url}${route.path}`, { method: 'POST', headers: secret ? { 'x-ci-secret': secret } : {}, body: form });
            const answer = (await res.json()) as { details?: { path: string }[] };
            sent++;
            const what = `${field}=${JSON.stringify(value)}${secret ? '' : ' without the secret'}: ${JSON.stringify(answer)}`;
            expect(res.status, what).toBeLessThan(500);
            if (!secret) expect(res.status, what).toBe(401);
            else if (hostile.includes(value) && !(field === 'error_message' && value === 'tab\tnew\nline')) {
              expect(res.status, what).toBe(400);
              expect(answer.details?.[0]?.path, what).toBe(field);
            }
          }
        }
      }
    },
    180_000,
  );

  it.skipIf(skip)(
    'every query parameter of every route, as visitor, user and admin: never a 5xx',
    async () => {
      for (const [name, route] of Object.entries(contract)) {
        const keys = queryKeys(route);
        if (!keys.length || route.websocket || route.path.includes('{')) continue;
        for (const role of roles) {
          for (const key of keys) {
            for (const value of refusal(route, role) ? hostile.slice(0, 2) : [...hostile, ...metacharacters]) {
              const res = await api(server, `${route.path}?${key}=${encodeURIComponent(withoutSurrogates(value))}`, { token: tokenOf(role) });
              sent++;
              const what = `${name} as ${role} ?${key}=${JSON.stringify(value)}: ${JSON.stringify(res.body)}`;
              expect(res.status, what).toBeLessThan(500);
              const refused = refusal(route, role);
              if (refused) expect(res.status, what).toBe(refused);
            }
          }
        }
      }
    },
    180_000,
  );
});
