import { afterAll, beforeAll } from 'vitest';
import { createPostgresDatabase, type TestPostgresDatabase } from './postgres';
import { startTestServer, type TestServer } from './server';

type ServerOptions = NonNullable<Parameters<typeof startTestServer>[1]>;

/**
 * Two instances on one new PostgreSQL database, as a deployment behind a load balancer runs:
 * started before the describe's tests and stopped after them. The array is filled in `beforeAll`.
 */
export function useTwoInstancesOnPostgres(options: ServerOptions, env: Record<string, string> = {}): TestServer[] {
  const servers: TestServer[] = [];
  let pgdb: TestPostgresDatabase | undefined;
  beforeAll(async () => {
    pgdb = await createPostgresDatabase();
    servers.push(await startTestServer({ ...env, DATABASE_URL: pgdb.url }, options));
    servers.push(await startTestServer({ ...env, DATABASE_URL: pgdb.url }, options));
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) await s.cleanup();
    await pgdb?.drop();
  });
  return servers;
}
