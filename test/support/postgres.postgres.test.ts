import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, dropStalePostgresDatabases, postgresAvailable, postgresSkipNote } from './postgres';

const pgAvailable = await postgresAvailable();

describe.skipIf(!pgAvailable)(pgAvailable ? 'test databases left by killed runs' : `test databases left by killed runs ${postgresSkipNote}`, () => {
  it('are dropped once older than the limit; a running suite’s databases stay', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/test' });
    await admin.connect();
    const sevenHoursAgo = Math.floor((Date.now() - 7 * 3600_000) / 1000).toString(36);
    const left = `lp_test_${sevenHoursAgo}_${randomBytes(6).toString('hex')}`;
    const current = await createPostgresDatabase();
    try {
      await admin.query(`CREATE DATABASE ${left}`);
      const dropped = await dropStalePostgresDatabases();
      expect(dropped).toContain(left);
      const names = (await admin.query<{ datname: string }>("select datname from pg_database where datname like 'lp\\_test\\_%'")).rows.map((r) => r.datname);
      expect(names).not.toContain(left);
      expect(names).toContain(new URL(current.url).pathname.slice(1));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${left}`);
      await admin.end();
      await current.drop();
    }
  });
});
