import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContract as a } from '../../../shared/api/auth';
import { billingContract } from '../../../shared/api/billing';
import { apiKeys } from '../../db/schema';
import { api } from '../../../test/support/api-client';
import { manualClock } from '../../../test/support/clock';
import { signInDefaultUsers } from '../../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { call, errorOf, send } from '../../../test/support/typed-client';

const dayMs = 86_400_000;

/** Scoped, expiring API keys (issue 22): 403 outside the scope, 401 once expired, last use and address recorded. */
describe('API key scopes and expiry', () => {
  let server: TestServer;
  let tokens: { user: string; other: string; admin: string };
  const clock = manualClock();

  beforeAll(async () => {
    // API keys carry no role claim: the admin e-mail setting makes an admin's key an admin key.
    server = await startTestServer({ TRUST_PROXY: 'true', ADMIN_EMAILS: 'admin@example.test' }, { clock });
    tokens = await signInDefaultUsers(server);
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  const create = async (token: string, body: Parameters<typeof a.createApiKey.body.schema.parse>[0]) =>
    (await api(server, '/api/auth/api-keys', { token, body })) as { status: number; body: { key: string; id: string; scopes: string[] | null; expiresAt: string | null } };

  it('a read key reads but may not deploy or pay: 403 saying what the key lacks in plain words', async () => {
    const before = clock.now().getTime();
    const { body: read } = await create(tokens.user, { name: 'reader', scopes: ['read'], expires_in_days: 30 });
    expect(read.scopes).toEqual(['read']);
    const expires = new Date(read.expiresAt ?? '').getTime() - 30 * dayMs;
    expect(expires).toBeGreaterThanOrEqual(before);
    expect(expires).toBeLessThanOrEqual(clock.now().getTime());
    expect((await api(server, '/api/deployments', { token: read.key })).status).toBe(200);
    const deploy = await api(server, '/api/deployments', { token: read.key, body: { configId: 'trial_vm_hetzner', name: 'x', timeoutMins: null } });
    expect(deploy.status).toBe(403);
    expect(errorOf(deploy).error).toBe('This API key cannot create deployments: it was made without the Deploy permission');
    const pay = await send(server, billingContract.checkout, { body: { amount_cents: 500 } }, { token: read.key });
    expect(pay.status).toBe(403);
    expect(errorOf(pay).error).toBe('This API key cannot add funds: it was made without the Billing permission');
  });

  it('a read key never gets what it cannot use: no SSH private key, and nobody gets the model-hub token back', async () => {
    const created = await api(server, '/api/deployments', { token: tokens.user, body: { configId: 'trial_vm_hetzner', name: 'keys', timeoutMins: null } });
    expect(created.status).toBe(200);
    const { id, ssh_private_key } = created.body as { id: string; ssh_private_key?: string | null };
    expect(ssh_private_key).toMatch(/PRIVATE KEY/);
    const { body: read } = await create(tokens.user, { name: 'read-only', scopes: ['read'] });
    const { body: deploy } = await create(tokens.user, { name: 'deployer', scopes: ['deploy', 'read'] });
    const { body: unscoped } = await create(tokens.user, { name: 'everything' });
    const privateKeysOf = async (token: string) => {
      const list = (await api(server, '/api/deployments', { token })).body as { id: string; ssh_private_key?: string | null; ssh_public_key?: string | null }[];
      const one = (await api(server, `/api/deployments/${id}`, { token })).body as { ssh_private_key?: string | null; ssh_public_key?: string | null };
      expect(one.ssh_public_key).toBeTruthy();
      return [list.find((d) => d.id === id)?.ssh_private_key, one.ssh_private_key];
    };
    expect(await privateKeysOf(read.key)).toEqual([undefined, undefined]);
    expect(JSON.stringify((await api(server, '/api/deployments', { token: read.key })).body)).not.toMatch(/PRIVATE KEY/);
    for (const token of [deploy.key, unscoped.key, tokens.user]) expect(await privateKeysOf(token)).toEqual([ssh_private_key, ssh_private_key]);

    const saved = await api(server, '/api/user/meta', { method: 'PUT', token: tokens.user, body: { huggingface_token: 'hf_secretModelHubTokenWXYZ' } });
    expect(saved.body).toEqual({ meta: { huggingface_token_last4: 'WXYZ' } });
    for (const token of [read.key, unscoped.key, tokens.user]) {
      const meta = await api(server, '/api/user/meta', { token });
      expect(meta.body).toEqual({ meta: { huggingface_token_last4: 'WXYZ' } });
      expect(JSON.stringify(meta.body)).not.toContain('secretModelHub');
    }
  });

  it('a billing key may start a checkout but not read', async () => {
    const { body: billing } = await create(tokens.user, { name: 'payer', scopes: ['billing'] });
    expect(billing.expiresAt).toBeNull();
    expect((await send(server, billingContract.checkout, { body: { amount_cents: 500 } }, { token: billing.key })).status).toBe(200);
    expect((await api(server, '/api/balance', { token: billing.key })).status).toBe(403);
  });

  it('only admins create admin keys; an admin key reaches admin routes, a user-scoped admin key does not', async () => {
    const refused = await create(tokens.user, { name: 'sneaky', scopes: ['admin'] });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).error).toBe('Only administrators can create keys with the Admin permission');
    const { body: adminKey } = await create(tokens.admin, { name: 'ops', scopes: ['admin'] });
    expect((await api(server, '/api/admin/audit', { token: adminKey.key })).status).toBe(200);
    expect((await api(server, '/api/balance', { token: adminKey.key })).status).toBe(403);
    const { body: adminRead } = await create(tokens.admin, { name: 'ops-read', scopes: ['read'] });
    expect((await api(server, '/api/admin/audit', { token: adminRead.key })).status).toBe(403);
  });

  it('after its expiry a key is refused with 401', async () => {
    const { body: week } = await create(tokens.other, { name: 'week', scopes: ['read'], expires_in_days: 7 });
    expect((await api(server, '/api/auth/me', { token: week.key })).status).toBe(200);
    clock.advance(7 * dayMs);
    const expired = await api(server, '/api/auth/me', { token: week.key });
    expect(expired.status).toBe(401);
    expect(errorOf(expired).error).toMatch(/^API key expired on /);
    // The list still shows it, with its expiry, until it is revoked.
    const listed = (await call(server, a.listApiKeys, {}, { token: tokens.other })).keys.find((k) => k.id === week.id);
    expect(listed?.expiresAt).toBe(week.expiresAt);
  });

  it('records the time and address of the last use', async () => {
    const { body: k } = await create(tokens.other, { name: 'traced', scopes: ['read'] });
    const before = clock.now().toISOString();
    await api(server, '/api/auth/me', { token: k.key, headers: { 'x-forwarded-for': '192.0.2.44' } });
    const listed = (await call(server, a.listApiKeys, {}, { token: tokens.other })).keys.find((x) => x.id === k.id);
    expect(listed?.lastUsedIp).toBe('192.0.2.44');
    expect(listed?.lastUsedAt && listed.lastUsedAt >= before).toBe(true);
    // Used again from elsewhere within the minute: the new address is recorded at once.
    await api(server, '/api/auth/me', { token: k.key, headers: { 'x-forwarded-for': '192.0.2.45' } });
    expect((await call(server, a.listApiKeys, {}, { token: tokens.other })).keys.find((x) => x.id === k.id)?.lastUsedIp).toBe('192.0.2.45');
  });

  it('a key made before scopes (scopes null, no expiry) keeps working everywhere its owner may go', async () => {
    const { body: legacy } = await create(tokens.user, { name: 'legacy' });
    expect(legacy.scopes).toBeNull();
    const rows = await server.deps.db.select({ scopes: apiKeys.scopes, expiresAt: apiKeys.expiresAt }).from(apiKeys);
    expect(rows.some((r) => r.scopes === null && r.expiresAt === null)).toBe(true);
    expect((await api(server, '/api/balance', { token: legacy.key })).status).toBe(200);
    expect((await send(server, billingContract.checkout, { body: { amount_cents: 500 } }, { token: legacy.key })).status).toBe(200);
    expect((await api(server, '/api/admin/audit', { token: legacy.key })).status).toBe(403);
  });

  it('refuses an expiry that is not offered and an empty scope list', async () => {
    expect((await create(tokens.user, { name: 'odd', expires_in_days: 12 as 7 })).status).toBe(400);
    expect((await create(tokens.user, { name: 'none', scopes: [] })).status).toBe(400);
  });
});
