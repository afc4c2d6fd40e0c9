/**
 * The embedded database's thread: PGlite (PostgreSQL compiled to WebAssembly) runs here, so its
 * work does not hold the HTTP thread. Speaks the small protocol of ./pglite-thread.ts: queries,
 * transactions (begun, used and ended by id) and close. Errors travel as plain objects with every
 * field PostgreSQL reports (code, constraint, detail, …).
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { ThreadReply, ThreadRequest } from './pglite-thread';

const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');

const { dataDir, template, wasm } = workerData as { dataDir: string | undefined; template: string | undefined; wasm: WebAssembly.Module | undefined };
/**
 * PostgreSQL's default shared_buffers (128 MB) is sized for a server shared by many connections;
 * PGlite has one, and the data folder's pages are in the operating system's cache anyway. 16 MB
 * holds the hot tables and indexes and keeps the embedded database's share of the process small
 * (issue 32: the desktop app runs it beside Electron). Durability is unchanged (PGlite's defaults).
 */
const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${process.env.LP_PGLITE_SHARED_BUFFERS ?? '16MB'}`];
const client = new PGlite({
  dataDir,
  startParams,
  ...(template === undefined ? {} : { loadDataDir: new Blob([fs.readFileSync(template)]) }),
  ...(wasm === undefined ? {} : { pgliteWasmModule: wasm }),
});
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; ended: Promise<void> }>();

const identity = (value: string) => value;

/**
 * The types drizzle reads as PostgreSQL's text (timestamp, timestamptz, interval, date, numeric[]
 * and the date-time arrays): it passes identity parsers for exactly these with every query. PGlite
 * copies its whole parser table (one entry per array type, hundreds) for each query that brings
 * its own parsers, about 100 µs a query (issue 32); so they are installed once, when the database
 * is ready, and a query that asks for this set passes none.
 */
const drizzleRawTypes = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const defaultParsers = new Map<number, ((value: string, typeId?: number) => unknown) | undefined>();
const isDrizzleSet = (rawTypes: readonly number[]) => rawTypes.length === drizzleRawTypes.length && drizzleRawTypes.every((oid) => rawTypes.includes(oid));

/** Parsers for a query that asks for another set than drizzle's: PGlite's own for the rest of that set. */
function parsersFor(rawTypes: readonly number[]) {
  if (isDrizzleSet(rawTypes)) return undefined;
  const parsers: Record<number, (value: string, typeId?: number) => unknown> = {};
  for (const oid of drizzleRawTypes) {
    const original = defaultParsers.get(oid);
    if (original) parsers[oid] = original;
  }
  for (const oid of rawTypes) parsers[oid] = identity;
  return parsers;
}

async function installDrizzleParsers(): Promise<void> {
  await client.waitReady;
  for (const oid of drizzleRawTypes) {
    defaultParsers.set(oid, client.parsers[oid]);
    client.parsers[oid] = identity;
  }
}

function send(reply: ThreadReply): void {
  port?.postMessage(reply);
}

function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: Record<string, unknown> = { message: err.message, name: err.name };
  for (const [k, v] of Object.entries(err)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
  return fields;
}

async function handle(m: ThreadRequest): Promise<unknown> {
  switch (m.op) {
    case 'query': {
      const target = m.tx === undefined ? client : transactions.get(m.tx)?.tx;
      if (!target) throw new Error(`transaction ${m.tx} is not open`);
      const parsers = parsersFor(m.rawTypes);
      const result = await target.query(m.text, m.params, parsers ? { rowMode: m.rowMode, parsers } : { rowMode: m.rowMode });
      return { rows: result.rows, affectedRows: result.affectedRows, fields: result.fields };
    }
    case 'exec': {
      const target = m.tx === undefined ? client : transactions.get(m.tx)?.tx;
      if (!target) throw new Error(`transaction ${m.tx} is not open`);
      return (await target.exec(m.text)).map((r) => ({ rows: r.rows, affectedRows: r.affectedRows, fields: r.fields }));
    }
    case 'begin': {
      // PGlite runs the callback under its transaction lock; it ends when the caller says commit or rollback.
      return new Promise<null>((began, failed) => {
        let end: (commit: boolean) => void = () => undefined;
        const decided = new Promise<boolean>((resolve) => (end = resolve));
        const ended = client
          .transaction(async (tx) => {
            transactions.set(m.tx, { tx, end, ended });
            began(null);
            if (!(await decided)) await tx.rollback();
          })
          .then(
            () => undefined,
            (err: unknown) => {
              failed(err);
              throw err;
            },
          )
          .finally(() => transactions.delete(m.tx));
        // awaited by `end`; a transaction that never began has no `end` to hear of it
        ended.catch(() => undefined);
      });
    }
    case 'end': {
      const open = transactions.get(m.tx);
      if (!open) throw new Error(`transaction ${m.tx} is not open`);
      open.end(m.commit);
      await open.ended;
      return null;
    }
    case 'close':
      await client.close();
      return null;
  }
}

port.on('message', (m: ThreadRequest) => {
  handle(m).then(
    (result) => send({ id: m.id, ok: true, result }),
    (err: unknown) => send({ id: m.id, ok: false, error: errorFields(err) }),
  );
});
void installDrizzleParsers().then(() => send({ id: 0, ok: true, result: 'ready' }));
