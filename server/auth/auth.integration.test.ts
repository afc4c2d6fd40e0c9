import { eq } from 'drizzle-orm';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyList, apiKeyNameMax, checkAdminResponse, createdApiKey, meResponse, publicConfig } from '../../shared/api/auth';
import { apiErrorBody } from '../../shared/api/errors';
import { users } from '../db/schema';
import { api, type ApiResponse } from '../../test/support/api-client';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../test/support/postgres';
import { openLoginPage, signIn } from '../../test/support/sign-in';
import type { TestServer } from '../../test/support/server';
import { useTestServer } from '../../test/support/suite-server';

/** The `error` text of an API error answer (and checks the body has the error shape). */
const errorOf = (res: ApiResponse) => apiErrorBody.parse(res.body).error;

const usersWithEmail = (server: TestServer, email: string) => server.deps.db.select().from(users).where(eq(users.email, email));

/** Five simultaneous first requests of a user who has never called the API must create one user row. */
async function expectOneUserRowForConcurrentFirstRequests(server: TestServer): Promise<void> {
  const other = await signIn(server, 'other@example.test', 'otherpass');
  expect(await usersWithEmail(server, 'other@example.test')).toHaveLength(0);

  const answers = await Promise.all(Array.from({ length: 5 }, () => api(server, '/api/auth/me', { token: other.accessToken })));
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
  const ids = new Set(answers.map((a) => meResponse.parse(a.body).id));
  expect(ids.size).toBe(1);

  const rows = await usersWithEmail(server, 'other@example.test');
  expect(rows).toHaveLength(1);
  expect(rows[0]?.id).toBe([...ids][0]);
}

const pgOk = await postgresAvailable();

describe('Launchpad auth (embedded identity provider, PGlite)', () => {
  const { server, signIns } = useTestServer({}, { signIn: ['user', 'admin'] });

  describe('health and public endpoints', () => {
    it('answers liveness and readiness checks', async () => {
      expect(await api(server, '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(await api(server, '/readyz')).toMatchObject({ status: 200, body: { status: 'ok', database: 'pglite' } });
    });

    it('serves the public config without sign-in', async () => {
      const res = await api(server, '/api/config');
      expect(res.status).toBe(200);
      const cfg = publicConfig.parse(res.body);
      expect(cfg.product).toEqual({ id: 'helix', name: 'Helix' });
      expect(cfg.oidc).toMatchObject({ issuer: `${server.url}/oidc`, clientId: 'launchpad' });
      expect(cfg.oidc.scope.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'offline_access', 'api']));
    });

    it('serves the renderer with a Content Security Policy', async () => {
      const res = await fetch(`${server.url}/`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Launchpad test renderer');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    });

    it('answers an unknown API path with a JSON 404, not the app', async () => {
      const res = await api(server, '/api/unknown');
      expect(res.status).toBe(404);
      expect(errorOf(res)).toBe('No API route for GET /api/unknown');
    });
  });

  describe('sign-in', () => {
    it('issues tokens for the signed-in dev user through code + PKCE', () => {
      expect(signIns.user.idToken).toMatchObject({ email: 'user@example.test', iss: `${server.url}/oidc`, aud: 'launchpad' });
      expect(signIns.admin.idToken.roles).toEqual(['admin']);
      expect(signIns.user.accessToken.split('.')).toHaveLength(3); // a JWT for the API
    });

    it('shows the sign-in page again with an error for a wrong password, and accepts the right one after', async () => {
      const page = await openLoginPage(server);
      expect(page.status).toBe(200);
      const wrong = await page.submit('user@example.test', 'wrong-password');
      expect(wrong.status).toBe(401);
      expect(wrong.html).toContain('Invalid email or password');
      expect(wrong.html).toContain('value="user@example.test"');
      expect(wrong.location).toBeUndefined();

      const unknown = await page.submit('nobody@example.test', 'userpass');
      expect(unknown.status).toBe(401);
      expect(unknown.html).toContain('Invalid email or password');

      const right = await page.submit('USER@example.test', 'userpass');
      expect(right.location).toBeDefined();
      const tokens = await page.finish(right.location ?? '');
      expect(tokens.idToken.email).toBe('user@example.test');
    });

    it('renews the access token with the refresh token', async () => {
      const fresh = await client.refreshTokenGrant(signIns.user.config, signIns.user.refreshToken);
      expect(fresh.access_token).not.toBe(signIns.user.accessToken);
      const me = await api(server, '/api/auth/me', { token: fresh.access_token });
      expect(me.status).toBe(200);
      expect(meResponse.parse(me.body).email).toBe('user@example.test');
    });
  });

  describe('bearer authentication', () => {
    it('requires sign-in for /api/auth/check-admin', async () => {
      const res = await api(server, '/api/auth/check-admin');
      expect(res.status).toBe(401);
      expect(errorOf(res)).toBe('Sign-in required');
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    });

    it('tells users and admins apart', async () => {
      expect(checkAdminResponse.parse((await api(server, '/api/auth/check-admin', { token: signIns.user.accessToken })).body)).toEqual({ isAdmin: false });
      expect(checkAdminResponse.parse((await api(server, '/api/auth/check-admin', { token: signIns.admin.accessToken })).body)).toEqual({ isAdmin: true });
    });

    it.each([
      ['a Basic header', { authorization: 'Basic dXNlcjpwYXNz' }, 'Authorization header must be "Bearer <token>"'],
      ['an empty bearer', { authorization: 'Bearer ' }, 'Authorization header must be "Bearer <token>"'],
      ['a garbage bearer', { authorization: 'Bearer not.a.token' }, 'Token is malformed or not accepted'],
    ])('refuses %s with 401', async (_what, headers, message) => {
      const res = await api(server, '/api/auth/check-admin', { headers });
      expect(res.status).toBe(401);
      expect(errorOf(res)).toBe(message);
    });

    it('refuses the ID token as an API credential', async () => {
      const res = await api(server, '/api/auth/me', { token: signIns.user.idTokenJwt });
      expect(res.status).toBe(401);
      expect(errorOf(res)).toBe('Token is not an access token');
    });

    it('returns the signed-in user from /api/auth/me', async () => {
      const res = await api(server, '/api/auth/me', { token: signIns.user.accessToken });
      expect(res.status).toBe(200);
      const me = meResponse.parse(res.body);
      expect(me).toMatchObject({ email: 'user@example.test', isAdmin: false });
      expect(Number.isNaN(Date.parse(me.createdAt))).toBe(false);
    });

    it('creates exactly one user row for concurrent first requests', async () => {
      await expectOneUserRowForConcurrentFirstRequests(server);
    });
  });

  describe('API keys', () => {
    const createKey = (token: string, name: string) => api(server, '/api/auth/api-keys', { token, body: { name } });

    it('creates a key shown once, lists it without the secret, and accepts it as a bearer', async () => {
      const res = await createKey(signIns.user.accessToken, 'CI pipeline');
      expect(res.status).toBe(201);
      const created = createdApiKey.parse(res.body);
      expect(created.key).toMatch(/^lp_[0-9A-Za-z]{36}$/);
      expect(created).toMatchObject({ name: 'CI pipeline', lastUsedAt: null });
      expect(created.key.startsWith(created.prefix)).toBe(true);

      const list = await api(server, '/api/auth/api-keys', { token: signIns.user.accessToken });
      const listed = apiKeyList.parse(list.body).keys.find((k) => k.id === created.id);
      expect(listed).toMatchObject({ name: 'CI pipeline', prefix: created.prefix });
      expect(JSON.stringify(list.body)).not.toContain(created.key);
      expect(Object.keys(listed ?? {})).not.toContain('key');

      const me = await api(server, '/api/auth/me', { token: created.key });
      expect(me.status).toBe(200);
      expect(meResponse.parse(me.body).email).toBe('user@example.test');

      const after = apiKeyList.parse((await api(server, '/api/auth/api-keys', { token: signIns.user.accessToken })).body);
      expect(after.keys.find((k) => k.id === created.id)?.lastUsedAt).not.toBeNull();
    });

    it("does not let another user revoke a user's key", async () => {
      const created = createdApiKey.parse((await createKey(signIns.user.accessToken, 'mine')).body);
      const other = await signIn(server, 'other@example.test', 'otherpass');
      const res = await api(server, `/api/auth/api-keys/${created.id}`, { method: 'DELETE', token: other.accessToken });
      expect(res.status).toBe(404);
      expect(errorOf(res)).toBe('API key not found');
      expect((await api(server, '/api/auth/me', { token: created.key })).status).toBe(200);
      expect(apiKeyList.parse((await api(server, '/api/auth/api-keys', { token: other.accessToken })).body).keys).toEqual([]);
    });

    it('stops accepting a revoked key', async () => {
      const created = createdApiKey.parse((await createKey(signIns.user.accessToken, 'short-lived')).body);
      const revoke = await api(server, `/api/auth/api-keys/${created.id}`, { method: 'DELETE', token: signIns.user.accessToken });
      expect(revoke.status).toBe(204);

      const res = await api(server, '/api/auth/me', { token: created.key });
      expect(res.status).toBe(401);
      expect(errorOf(res)).toBe('API key is not valid');
      expect(apiKeyList.parse((await api(server, '/api/auth/api-keys', { token: signIns.user.accessToken })).body).keys.map((k) => k.id)).not.toContain(created.id);
      expect((await api(server, `/api/auth/api-keys/${created.id}`, { method: 'DELETE', token: signIns.user.accessToken })).status).toBe(404);
    });

    it('refuses an unknown key that merely looks like one', async () => {
      const res = await api(server, '/api/auth/me', { token: 'lp_not-a-real-key' });
      expect(res.status).toBe(401);
      expect(errorOf(res)).toBe('API key is not valid');
    });

    it("makes a role admin's key an admin key: the role their latest sign-in carried counts (keys carry no role claim)", async () => {
      const created = createdApiKey.parse((await createKey(signIns.admin.accessToken, 'admin script')).body);
      expect(checkAdminResponse.parse((await api(server, '/api/auth/check-admin', { token: created.key })).body)).toEqual({ isAdmin: true });
      const plain = createdApiKey.parse((await createKey(signIns.user.accessToken, 'user script')).body);
      expect(checkAdminResponse.parse((await api(server, '/api/auth/check-admin', { token: plain.key })).body)).toEqual({ isAdmin: false });
    });

    it('answers 400 for a revoke with an id that is not a UUID', async () => {
      const res = await api(server, '/api/auth/api-keys/not-a-uuid', { method: 'DELETE', token: signIns.user.accessToken });
      expect(res.status).toBe(400);
      expect(errorOf(res)).toBe('Invalid API key id');
    });

    it('requires sign-in to create a key', async () => {
      expect((await api(server, '/api/auth/api-keys', { body: { name: 'x' } })).status).toBe(401);
    });
  });

  describe('request body validation', () => {
    const post = (body: unknown, headers?: Record<string, string>) => api(server, '/api/auth/api-keys', { token: signIns.user.accessToken, body, ...(headers ? { headers } : {}) });

    it.each([
      ['an empty name', { name: '' }],
      ['a blank name', { name: '   ' }],
      [`a name of ${apiKeyNameMax + 1} characters`, { name: 'n'.repeat(apiKeyNameMax + 1) }],
      ['no name', {}],
      ['a name that is not a string', { name: 42 }],
    ])('answers 400 with field details for %s', async (_what, body) => {
      const res = await post(body);
      expect(res.status).toBe(400);
      const parsed = apiErrorBody.parse(res.body);
      expect(parsed.error).toBe('Invalid API key');
      expect(parsed.details).toEqual([expect.objectContaining({ path: 'name', message: expect.any(String) })]);
    });

    it('says the name is required when it is empty', async () => {
      expect(apiErrorBody.parse((await post({ name: '' })).body).details).toEqual([{ path: 'name', message: 'Name is required' }]);
    });

    it(`accepts a name of exactly ${apiKeyNameMax} characters`, async () => {
      expect((await post({ name: 'n'.repeat(apiKeyNameMax) })).status).toBe(201);
    });

    it('answers malformed JSON with 400, not 500', async () => {
      const res = await post('{"name": ');
      expect(res.status).toBe(400);
      expect(typeof errorOf(res)).toBe('string');
    });

    it('answers a JSON body over 100 kB with 413', async () => {
      const res = await post({ name: 'x'.repeat(101 * 1024) });
      expect(res.status).toBe(413);
      expect(typeof errorOf(res)).toBe('string');
    });
  });
});

describe('ADMIN_EMAILS', () => {
  const { server } = useTestServer({ ADMIN_EMAILS: 'User@Example.test' });

  it('makes a user without the admin role an admin, for tokens and API keys', async () => {
    const user = await signIn(server, 'user@example.test', 'userpass');
    expect(user.idToken.roles).toEqual([]);
    expect(checkAdminResponse.parse((await api(server, '/api/auth/check-admin', { token: user.accessToken })).body)).toEqual({ isAdmin: true });
    const key = createdApiKey.parse((await api(server, '/api/auth/api-keys', { token: user.accessToken, body: { name: 'admin key' } })).body);
    expect(checkAdminResponse.parse((await api(server, '/api/auth/check-admin', { token: key.key })).body)).toEqual({ isAdmin: true });

    const other = await signIn(server, 'other@example.test', 'otherpass');
    expect(checkAdminResponse.parse((await api(server, '/api/auth/check-admin', { token: other.accessToken })).body)).toEqual({ isAdmin: false });
  });
});

describe.skipIf(!pgOk)(`on PostgreSQL ${pgOk ? '' : postgresSkipNote}`, () => {
  let database: TestPostgresDatabase;
  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => database?.drop());
  const { server } = useTestServer(() => ({ DATABASE_URL: database.url }));

  it('is ready on PostgreSQL', async () => {
    expect(await api(server, '/readyz')).toMatchObject({ status: 200, body: { database: 'postgres' } });
  });

  it('creates exactly one user row for concurrent first requests', async () => {
    await expectOneUserRowForConcurrentFirstRequests(server);
  });
});
