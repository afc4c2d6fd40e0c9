/** Throw-away PostgreSQL databases for the PostgreSQL variants of the tests (127.0.0.1:5432 by default). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** On CI a missing PostgreSQL is a failure, not a reason to skip. */
export const pgRequired = !!process.env.CI;

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/test';

/** Resolves false when PostgreSQL cannot be reached, unless it is required (CI), so dependent tests run and fail. */
export async function postgresAvailable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return pgRequired;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** Test title suffix explaining why PostgreSQL tests are skipped. */
export const postgresSkipNote = `(skipped: no PostgreSQL at ${adminUrl.replace(/\/\/[^@/]*@/, '//')}; set CI to make this a failure)`;

export interface TestPostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

async function adminQuery(sqlText: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await c.connect();
  } catch (err) {
    throw new Error(`PostgreSQL at ${adminUrl} is unreachable${pgRequired ? ' (CI is set, so PostgreSQL tests are not skipped)' : ''}: ${(err as Error).message}`, { cause: err });
  }
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

/** A fresh, empty database `lp_test_<random>` next to the admin database. */
export async function createPostgresDatabase(): Promise<TestPostgresDatabase> {
  const name = `lp_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
