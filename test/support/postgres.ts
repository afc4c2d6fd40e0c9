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

/** `lp_test_<seconds since 1970, base 36>_<random>`: the creation time in the name lets a later run drop what a killed run left. */
const testDatabaseName = /^lp_test_(?:([0-9a-z]+)_)?[0-9a-f]{12}$/;

/** A fresh, empty database `lp_test_<time>_<random>` next to the admin database. */
export async function createPostgresDatabase(): Promise<TestPostgresDatabase> {
  const name = `lp_test_${Math.floor(Date.now() / 1000).toString(36)}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * Drops the test databases that runs killed before their clean-up left behind: those made more
 * than `olderThanMs` ago (a run still going is never that old), and those of the older, untimed
 * names that nothing is connected to (an older checkout's suite may still be using one).
 */
export async function dropStalePostgresDatabases(olderThanMs = 6 * 3600_000, now = Date.now()): Promise<string[]> {
  const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
  } catch {
    return [];
  }
  try {
    const { rows } = await c.query<{ datname: string; connections: number }>(
      "select d.datname, (select count(*) from pg_stat_activity a where a.datname = d.datname)::int as connections from pg_database d where d.datname like 'lp\\_test\\_%'",
    );
    const stale = rows
      .filter(({ datname, connections }) => {
        const made = testDatabaseName.exec(datname);
        if (!made) return false;
        return made[1] === undefined ? connections === 0 : parseInt(made[1], 36) * 1000 < now - olderThanMs;
      })
      .map((r) => r.datname);
    for (const name of stale) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    return stale;
  } finally {
    await c.end().catch(() => undefined);
  }
}
