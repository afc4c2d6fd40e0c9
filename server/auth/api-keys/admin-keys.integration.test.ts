import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { api } from '../../../test/support/api-client';
import { signInDefaultUsers } from '../../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { upsertUser } from '../users-queries';

type Created = { status: number; body: { key: string } };

/** An admin-scoped key works for every kind of admin: by ADMIN_EMAILS, or by the identity provider's admin role. */
describe.each([
  ['whose admin role comes from the identity provider (the embedded admin)', {}, 'admin'],
  ['listed in ADMIN_EMAILS', { ADMIN_EMAILS: 'user@example.test' }, 'user'],
] as const)('an admin key of an admin %s', (_label, env, who) => {
  let server: TestServer;
  let tokens: { user: string; other: string; admin: string };

  beforeAll(async () => {
    server = await startTestServer(env);
    tokens = await signInDefaultUsers(server);
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  const create = async (token: string) => (await api(server, '/api/auth/api-keys', { token, body: { name: 'ops', scopes: ['admin'] } })) as Created;

  it('reaches the admin routes; a non-admin cannot create one', async () => {
    expect((await api(server, '/api/admin/audit', { token: tokens[who] })).status).toBe(200);
    const created = await create(tokens[who]);
    expect(created.status).toBe(201);
    expect((await api(server, '/api/admin/audit', { token: created.body.key })).status).toBe(200);
    expect((await api(server, '/api/admin/deployments', { token: created.body.key })).status).toBe(200);
    expect((await create(tokens.other)).status).toBe(403);
  });

  if (who === 'admin') {
    it('stops being an admin key once its owner signs in without the role', async () => {
      const { key } = (await create(tokens.admin)).body;
      expect((await api(server, '/api/admin/audit', { token: key })).status).toBe(200);
      const [admin] = await server.deps.db.select().from(users).where(eq(users.email, 'admin@example.test'));
      if (!admin) throw new Error('no admin row');
      // what the next sign-in does when the identity provider no longer gives the role
      await upsertUser(server.deps.db, admin.issuer, admin.subject, admin.email, false);
      expect((await api(server, '/api/admin/audit', { token: key })).status).toBe(403);
    });
  }
});
