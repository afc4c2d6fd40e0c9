import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, postgresAvailable, postgresSkipNote, type TestPostgresDatabase } from '../../test/support/postgres';
import { openDatabase, type Database } from './client';
import { users } from './schema';

const pgOk = await postgresAvailable();

interface Backend {
  kind: Database['kind'];
  available: boolean;
  /** where openDatabase is pointed; undefined url and dataDir mean PGlite in memory */
  target(): Promise<{ url: string | undefined; cleanup(): Promise<void> }>;
}

const backends: Backend[] = [
  { kind: 'pglite', available: true, target: async () => ({ url: undefined, cleanup: async () => undefined }) },
  {
    kind: 'postgres',
    available: pgOk,
    async target() {
      const created: TestPostgresDatabase = await createPostgresDatabase();
      return { url: created.url, cleanup: () => created.drop() };
    },
  },
];

/** Both drivers answer raw SQL with `{ rows }`. */
async function query<T>(database: Database, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await database.db.execute(statement);
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows)) throw new Error('unexpected result shape');
  return result.rows as T[];
}

const tableNames = async (database: Database) =>
  (await query<{ table_name: string }>(database, sql`select table_name from information_schema.tables where table_schema = 'public'`)).map((r) => r.table_name);

const appliedMigrations = async (database: Database) => (await query<{ n: number }>(database, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]?.n;

describe.each(backends)('openDatabase ($kind)', ({ kind, available, target }) => {
  describe.skipIf(!available)(available ? 'migrated database' : `migrated database ${postgresSkipNote}`, () => {
    let url: string | undefined;
    let cleanup: () => Promise<void> = async () => undefined;
    let database: Database;
    let closed = false;

    beforeAll(async () => {
      ({ url, cleanup } = await target());
      database = await openDatabase({ url, dataDir: undefined });
    });
    afterAll(async () => {
      if (database && !closed) await database.close();
      await cleanup();
    });

    it(`is a ${kind} database with the schema migrated`, async () => {
      expect(database.kind).toBe(kind);
      expect(await tableNames(database)).toEqual(expect.arrayContaining(['api_keys', 'users']));
    });

    it('answers a ping', async () => {
      await expect(database.ping()).resolves.toBeUndefined();
    });

    it('stores and reads a user with generated id and creation time', async () => {
      const [inserted] = await database.db.insert(users).values({ issuer: 'https://idp.test', subject: 'sub-1', email: 'ada@example.test' }).returning();
      expect(inserted?.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(inserted?.createdAt).toBeInstanceOf(Date);

      const rows = await database.db.select().from(users).where(eq(users.subject, 'sub-1'));
      expect(rows).toEqual([inserted]);
    });

    it('refuses a second user row for the same issuer and subject', async () => {
      const row = { issuer: 'https://idp.test', subject: 'sub-dup', email: 'dup@example.test' };
      await database.db.insert(users).values(row);
      await expect(database.db.insert(users).values(row)).rejects.toThrow();
      expect(await database.db.select().from(users).where(eq(users.subject, 'sub-dup'))).toHaveLength(1);
    });

    // Only PostgreSQL can be opened twice (the PGlite backend here is in memory): declared for it alone, not skipped for PGlite.
    if (kind === 'postgres')
      it('opens the same database a second time: migrations are idempotent and data stays', async () => {
        const appliedBefore = await appliedMigrations(database);
        const second = await openDatabase({ url, dataDir: undefined });
        try {
          await second.ping();
          const rows = await second.db.select().from(users).where(eq(users.subject, 'sub-1'));
          expect(rows.map((r) => r.email)).toEqual(['ada@example.test']);
          expect(appliedBefore).toBeGreaterThan(0);
          expect(await appliedMigrations(second)).toBe(appliedBefore);
        } finally {
          await second.close();
        }
      });

    it('fails the ping once closed (readiness then reports the database down)', async () => {
      await database.close();
      closed = true;
      await expect(database.ping()).rejects.toThrow();
    });
  });
});
