import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authContract as a } from '../../../shared/api/auth';
import { useTestServer } from '../../../test/support/suite-server';
import { call, send } from '../../../test/support/typed-client';
import { insertApiKey } from './queries';

/** Personal API keys (issue 19): capped per user under parallel requests, and a key cannot mint keys. */
describe('personal API keys', () => {
  const { server, tokens } = useTestServer({ API_KEYS_PER_USER: '5' }, { signIn: 'all' });

  /** the raw answer: refusals included */
  const create = (token: string, name: string) => send(server, a.createApiKey, { body: { name } }, { token });
  const list = (token: string) => call(server, a.listApiKeys, {}, { token });

  it('20 parallel creates stop at the cap of 5 with 409 naming it; revoking one frees a place', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => create(tokens.user, `k${i}`)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(15);
    expect(refused[0]?.body).toMatchObject({ error: 'API key limit reached: at most 5 active keys per account. Revoke one to create another.', details: { limit: 5, active: 5 } });
    const mine = await list(tokens.user);
    expect(mine.keys).toHaveLength(5);
    // Another user's keys are counted for them alone.
    expect((await create(tokens.other, 'theirs')).status).toBe(201);
    await call(server, a.revokeApiKey, { params: { id: mine.keys[0]?.id ?? '' } }, { token: tokens.user });
    expect((await create(tokens.user, 'after-revoke')).status).toBe(201);
  });

  it('a request made with an API key cannot create API keys (403), but can use the API', async () => {
    const { key } = await call(server, a.createApiKey, { body: { name: 'script' } }, { token: tokens.other });
    await call(server, a.me, {}, { token: key });
    const minted = await create(key, 'minted-by-a-key');
    expect(minted.status).toBe(403);
    expect(minted.body).toMatchObject({ error: 'API keys cannot create API keys: sign in to create one' });
    expect((await list(tokens.other)).keys.map((k) => k.name)).not.toContain('minted-by-a-key');
  });

  it('a key made before the checksummed format (lp_ + 32 bytes base64url) keeps working', async () => {
    const me = await call(server, a.me, {}, { token: tokens.user });
    const legacy = `lp_${randomBytes(32).toString('base64url')}`;
    const keyHash = createHash('sha256').update(legacy).digest('hex');
    await insertApiKey(server.deps.db, { userId: me.id, name: 'legacy', prefix: legacy.slice(0, 9), keyHash, scopes: null, expiresAt: null, createdBy: null });
    expect((await call(server, a.me, {}, { token: legacy })).id).toBe(me.id);
  });
});
