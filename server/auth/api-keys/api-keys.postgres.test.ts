import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContract as a } from '../../../shared/api/auth';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../../test/support/postgres';
import { signInDefaultUsers } from '../../../test/support/sign-in';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { call, send } from '../../../test/support/typed-client';

const available = await postgresAvailable();

/** The API key cap (issue 19) on PostgreSQL, where parallel creates really run in parallel transactions. */
describe.skipIf(!available)(available ? 'personal API key cap on PostgreSQL' : `personal API key cap ${postgresSkipNote}`, () => {
  let pgdb: TestPostgresDatabase;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    pgdb = await createPostgresDatabase();
    server = await startTestServer({ DATABASE_URL: pgdb.url, API_KEYS_PER_USER: '3' });
    ({ user: token } = await signInDefaultUsers(server));
  });
  afterAll(async () => {
    await server?.cleanup();
    await pgdb?.drop();
  });

  it('30 parallel creates: exactly 3 keys, the rest 409 naming the cap', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => send(server, a.createApiKey, { body: { name: `k${i}` } }, { token })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(27);
    expect(refused[0]?.body).toMatchObject({ error: expect.stringContaining('at most 3 active keys per account'), details: { limit: 3, active: 3 } });
    expect((await call(server, a.listApiKeys, {}, { token })).keys).toHaveLength(3);
  });
});
