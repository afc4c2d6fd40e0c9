import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ownDatabase } from './kept-reads';
import { openPgliteThread, type PgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot answer; used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationLockKey = 7_412_001;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PostgreSQL when a URL is given, otherwise PGlite on its own thread (./pglite-thread.ts): in
 * `dataDir` on disk, or in memory when `dataDir` is undefined (tests). Either way the one migration
 * set runs before anything else. `pgliteTemplate`: a PGlite dump to start from instead of an empty
 * cluster (tests start from one migrated copy; migrations already in it are skipped). `pglite`: the
 * database thread already started for `dataDir` (server/main.ts starts it first).
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir?: string | undefined;
  pgliteWorker?: URL | undefined;
  pgliteTemplate?: string | undefined;
  pglite?: PgliteThread | undefined;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection dropped by a database restart: without a listener this crashes the process.
    // The pool replaces it; queries meanwhile fail and answer 503.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    // Instances starting together on a fresh database take turns migrating.
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [migrationLockKey]);
      await migratePg(drizzlePg(lock, { schema }), { migrationsFolder });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
      lock.release();
    }
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  const client = opts.pglite ?? openPgliteThread(opts);
  await client.waitReady;
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  // one process opens a data folder: every change passes through its thread and is counted
  ownDatabase(db, client.writes);
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}
