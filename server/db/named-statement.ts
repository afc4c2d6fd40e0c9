import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';

const dialect = new PgDialect();

/**
 * Runs a raw statement as a named prepared statement on PostgreSQL, so that each connection plans it
 * once instead of on every call (drizzle names only its query builders' statements). Every call
 * with one name must build the same text: only the parameters may change. PGlite, and a
 * transaction's handle, run it as `db.execute` does.
 */
export async function executeNamed<Row>(db: Db, name: string, statement: SQL): Promise<Row[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    return (await client.query<Row & pg.QueryResultRow>({ name, text, values: params })).rows;
  }
  // Both drivers (node-postgres, PGlite) answer raw SQL with `rows`.
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}
