import { createPostgresDatabase, postgresAvailable, type TestPostgresDatabase } from '../test/support/postgres';

/** A fresh PostgreSQL database for a benchmark run, or undefined when none is reachable (PGlite only then). */
export async function benchPostgres(): Promise<TestPostgresDatabase | undefined> {
  if (!(await postgresAvailable())) return undefined;
  return createPostgresDatabase().catch(() => undefined);
}
