import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteThread, startPgliteThread, type PgliteThread } from './pglite-thread';

const bundled = path.resolve('dist/electron/pglite-worker.cjs');
const workers: [string, URL][] = [['the TypeScript source', new URL('./pglite-worker.ts', import.meta.url)]];
// The desktop app's build (npm run build:electron runs before the unit tests in `npm test`).
if (fs.existsSync(bundled)) workers.push(['the desktop bundle', pathToFileURL(bundled)]);

describe.each(workers)('PGlite on its own thread, from %s', (_, workerUrl) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-pglite-thread-'));
  let db: PgliteThread;
  afterAll(async () => {
    await db?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers queries, commits and rolls back transactions, and keeps what was committed on disk', async () => {
    db = startPgliteThread({ dataDir, workerUrl });
    await db.waitReady;
    await db.exec('create table t (id int primary key, note text)');
    await db.transaction(async (tx) => {
      await tx.query('insert into t values ($1, $2)', [1, 'kept']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t values ($1, $2)', [2, 'dropped']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A database error keeps PostgreSQL's fields (the code is what callers branch on).
    const dup = await db.query('insert into t values (1, $1)', ['again']).catch((e: unknown) => e as { code?: string; constraint?: string });
    expect(dup).toMatchObject({ code: '23505', constraint: 't_pkey' });
    // Queries outside an open transaction wait for it, as on PGlite itself.
    const order: string[] = [];
    await Promise.all([
      db.transaction(async (tx) => {
        await tx.query('insert into t values (3, $1)', ['in tx']);
        await new Promise((r) => setTimeout(r, 50));
        order.push('tx done');
      }),
      new Promise((r) => setTimeout(r, 10)).then(async () => {
        await db.query('select 1');
        order.push('outside');
      }),
    ]);
    expect(order).toEqual(['tx done', 'outside']);
    expect((await db.query('select id, note from t order by id', [], { rowMode: 'array' })).rows).toEqual([
      [1, 'kept'],
      [3, 'in tx'],
    ]);
    await db.close();
    db = startPgliteThread({ dataDir, workerUrl });
    await db.waitReady;
    expect((await db.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
  });

  it('reads date-times as text for drizzle’s parser set, and as PGlite parses them for any other', async () => {
    const raw = Object.fromEntries([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, (v: string) => v]));
    const text = "select '2026-11-27 10:00:00+00'::timestamptz as at, array['2026-11-27'::date] as days, 1.5::numeric as n";
    expect((await db.query(text, [], { parsers: raw })).rows).toEqual([{ at: '2026-11-27 10:00:00+00', days: '{2026-11-27}', n: '1.5' }]);
    const parsed = (await db.query(text)).rows[0] as { at: unknown; days: unknown };
    expect(parsed.at).toEqual(new Date('2026-11-27T10:00:00Z'));
    expect(Array.isArray(parsed.days)).toBe(true);
    // Only timestamptz asked for as text: the date array is PGlite's again.
    const one = (await db.query(text, [], { parsers: { 1184: (v: string) => v } })).rows[0] as { at: unknown; days: unknown };
    expect(one.at).toBe('2026-11-27 10:00:00+00');
    expect(Array.isArray(one.days)).toBe(true);
  });
});

describe('a new data folder', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-pglite-fresh-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is created, then reopened on a new thread, and answers calls made meanwhile', async () => {
    const db = openPgliteThread({ dataDir });
    // asked before the database exists: they wait for the reopened thread
    const created = db.exec('create table t (id int primary key)');
    const inserted = created.then(() => db.transaction((tx) => tx.query('insert into t values (1), (2)')));
    await db.waitReady;
    await inserted;
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect((await db.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
    await db.close();
    const again = openPgliteThread({ dataDir });
    expect((await again.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
    await again.close();
  });

  it('that cannot be created says why, and closing it then is quiet', async () => {
    const broken = path.join(dataDir, 'broken-worker.mjs');
    fs.writeFileSync(broken, "throw new Error('no database here');\n");
    const db = openPgliteThread({ dataDir: path.join(dataDir, 'other'), pgliteWorker: pathToFileURL(broken) });
    await expect(db.waitReady).rejects.toThrow('no database here');
    await expect(db.query('select 1')).rejects.toThrow('no database here');
    await expect(db.close()).resolves.toBeUndefined();
  });
});
