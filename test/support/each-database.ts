import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { openTestPglite } from './test-pglite';
import { createPostgresDatabase, postgresAvailable, pgRequired } from './postgres';

export type DatabaseKind = 'PGlite' | 'PostgreSQL';

async function openKind(kind: DatabaseKind): Promise<{ database: Database; drop?: () => Promise<void> }> {
  if (kind === 'PGlite') return { database: await openTestPglite() };
  const pg = await createPostgresDatabase();
  return { database: await openDatabase({ url: pg.url }), drop: pg.drop };
}

/**
 * `body` once on an in-memory PGlite and once on a fresh PostgreSQL database (`title` names the
 * kind with %s), each opened before its tests and dropped after. `database()` is undefined where
 * PostgreSQL is unreachable outside CI: a test then returns early.
 */
export function describeOnEachDatabase(title: string, body: (database: () => Database | undefined, kind: DatabaseKind) => void): void {
  describe.each<DatabaseKind>(['PGlite', 'PostgreSQL'])(title, (kind) => {
    let opened: { database: Database; drop?: () => Promise<void> } | undefined;
    beforeAll(async () => {
      if (kind === 'PostgreSQL' && !pgRequired && !(await postgresAvailable())) return;
      opened = await openKind(kind);
    });
    afterAll(async () => {
      await opened?.database.close();
      await opened?.drop?.();
    });
    body(() => opened?.database, kind);
  });
}
