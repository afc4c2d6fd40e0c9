import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../test-support/api-client';
import { signInDefaultUsers } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/server';

/** Personal API keys (issue 19): capped per user under parallel requests, and a key cannot mint keys. */
describe('personal API keys', () => {
  let server: TestServer;
  let tokens: { user: string; other: string; admin: string };

  beforeAll(async () => {
    server = await startTestServer({ API_KEYS_PER_USER: '5' });
    tokens = await signInDefaultUsers(server);
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  const create = (token: string, name: string) => api(server, '/api/auth/api-keys', { method: 'POST', token, body: { name } });

  it('20 parallel creates stop at the cap of 5 with 409 naming it; revoking one frees a place', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => create(tokens.user, `k${i}`)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(15);
    expect(refused[0]?.body).toMatchObject({ error: 'API key limit reached: at most 5 active keys per user. Revoke one to create another.', details: { limit: 5, active: 5 } });
    const list = (await api(server, '/api/auth/api-keys', { token: tokens.user })).body as { keys: { id: string }[] };
    expect(list.keys).toHaveLength(5);
    // Another user's keys are counted for them alone.
    expect((await create(tokens.other, 'theirs')).status).toBe(201);
    expect((await api(server, `/api/auth/api-keys/${list.keys[0]?.id}`, { method: 'DELETE', token: tokens.user })).status).toBe(204);
    expect((await create(tokens.user, 'after-revoke')).status).toBe(201);
  });

  it('a request made with an API key cannot create API keys (403), but can use the API', async () => {
    const { key } = (await create(tokens.other, 'script')).body as { key: string };
    expect((await api(server, '/api/auth/me', { token: key })).status).toBe(200);
    const minted = await create(key, 'minted-by-a-key');
    expect(minted.status).toBe(403);
    expect(minted.body).toMatchObject({ error: 'API keys cannot create API keys: sign in to create one' });
    const list = (await api(server, '/api/auth/api-keys', { token: tokens.other })).body as { keys: { name: string }[] };
    expect(list.keys.map((k) => k.name)).not.toContain('minted-by-a-key');
  });
});
