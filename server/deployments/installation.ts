import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { installationSettings } from '../db/schema';

const installationIdKey = 'installation_id';

const cache = new WeakMap<Db, Promise<string>>();

/**
 * This Launchpad installation's id: a random uuid made once and kept in the database, so every
 * instance on one database shares it and a restart or a new DATA_DIR keeps it. The first caller
 * inserts it; a concurrent first caller's insert does nothing and both read the one row. Cloud
 * machines carry it as the `launchpad-installation` label/tag.
 */
export function installationId(db: Db): Promise<string> {
  let id = cache.get(db);
  if (!id) {
    id = readOrCreate(db).catch((err: unknown) => {
      cache.delete(db);
      throw err;
    });
    cache.set(db, id);
  }
  return id;
}

async function readOrCreate(db: Db): Promise<string> {
  await db.insert(installationSettings).values({ key: installationIdKey, value: randomUUID() }).onConflictDoNothing({ target: installationSettings.key });
  const [row] = await db.select({ value: installationSettings.value }).from(installationSettings).where(eq(installationSettings.key, installationIdKey));
  if (!row) throw new Error('installation id was not stored');
  return row.value;
}
