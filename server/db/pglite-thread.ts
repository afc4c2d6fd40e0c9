import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId, Worker } from 'node:worker_threads';
import type * as Esbuild from 'esbuild';
import { createWriteClock, isPlainSelect, type WriteClock } from './write-clock';

/**
 * PGlite on a worker thread (./pglite-worker.ts), behind the part of PGlite's interface drizzle
 * uses: `query`, `exec`, `transaction` and `close`. The embedded database's WebAssembly then runs
 * beside the HTTP thread instead of on it: requests are parsed, answered and serialised while
 * queries run.
 */

export type ThreadRequest =
  | { id: number; op: 'query'; text: string; params: unknown[]; rowMode: 'array' | 'object'; rawTypes: number[]; tx?: number }
  | { id: number; op: 'exec'; text: string; tx?: number }
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };
export type ThreadReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> };

type Omit1<T> = T extends unknown ? Omit<T, 'id'> : never;

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** type OIDs to hand back as text, as drizzle asks for dates and times */
  parsers?: Record<number, unknown>;
}
export interface Results {
  rows: unknown[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

/** What a transaction callback gets: the same calls, inside the transaction. */
export interface ThreadTransaction {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** An error of the database, with the fields PostgreSQL reports (code, constraint, detail, …). */
export class ThreadDatabaseError extends Error {
  constructor(fields: Record<string, unknown>) {
    super(String(fields.message ?? 'database error'));
    Object.assign(this, fields);
  }
}

export interface PgliteThread {
  readonly waitReady: Promise<void>;
  /** the changes made through this thread (./write-clock.ts) */
  readonly writes: WriteClock;
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(text: string): Promise<Results[]>;
  transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const requireHere = createRequire(import.meta.url);

/**
 * A worker whose entry is TypeScript (development, tests) runs it transpiled by esbuild, once per
 * process and content, into node_modules/.cache (its packages resolve from there as from the
 * source). tsx's loader in every thread cost about 0.3 s of CPU per database opened.
 */
function runnableWorker(entry: URL): URL {
  if (!entry.pathname.endsWith('.ts')) return entry;
  const source = fileURLToPath(entry);
  // loaded here only: the compiled server (npm start, the desktop app) never comes this way
  const { buildSync } = requireHere('esbuild') as typeof Esbuild;
  const { outputFiles } = buildSync({ entryPoints: [source], bundle: true, packages: 'external', format: 'esm', platform: 'node', target: 'node20', write: false, logLevel: 'silent' });
  const code = outputFiles[0]?.text ?? '';
  const dir = path.join(path.dirname(source), '../../node_modules/.cache/launchpad');
  const file = path.join(dir, `${path.basename(source, '.ts')}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    // written aside and renamed: other processes may be starting the same worker
    const partial = `${file}.${process.pid}.${threadId}`;
    fs.writeFileSync(partial, code);
    fs.renameSync(partial, file);
  }
  return pathToFileURL(file);
}
const workerFiles = new Map<string, URL>();
function workerFile(entry: URL): URL {
  let file = workerFiles.get(entry.href);
  if (!file) workerFiles.set(entry.href, (file = runnableWorker(entry)));
  return file;
}

/**
 * The thread's JavaScript makes short-lived garbage only (protocol messages, result rows), so a
 * small young generation holds it: V8's default reserves tens of megabytes per thread (issue 32).
 */
const youngGenerationMb = Number(process.env.LP_PGLITE_YOUNG_MB ?? 8);

const pgliteWasm = () => fs.readFileSync(requireHere.resolve('@electric-sql/pglite/pglite.wasm'));

let sharedWasm: WebAssembly.Module | undefined;
/**
 * PGlite's WebAssembly, compiled once per process and shared by its threads: a test run opens
 * hundreds of databases, and each compiled and optimised the 9 MB module again (0.85 s of CPU
 * each, measured).
 */
function compiledPglite(): WebAssembly.Module {
  sharedWasm ??= new WebAssembly.Module(pgliteWasm());
  return sharedWasm;
}

/**
 * Starts PGlite on a worker thread; `workerUrl` is ./pglite-worker.ts or its compiled build (the
 * desktop app). `template` is a file written by PGlite's dumpDataDir to start from (tests).
 */
export function startPgliteThread(opts: {
  dataDir: string | undefined;
  workerUrl: URL;
  template?: string | undefined;
  wasm?: WebAssembly.Module | undefined;
  writes?: WriteClock | undefined;
}): PgliteThread {
  const writes = opts.writes ?? createWriteClock();
  // A template means tests, which open many databases in one process.
  const workerData = { dataDir: opts.dataDir, template: opts.template, wasm: opts.wasm ?? (opts.template === undefined ? undefined : compiledPglite()) };
  const resourceLimits = { maxYoungGenerationSizeMb: youngGenerationMb };
  const worker = new Worker(workerFile(opts.workerUrl), { workerData, resourceLimits });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  let nextId = 1;
  let nextTx = 1;
  let failure: Error | undefined;
  let ready = false;
  let readyResolve!: () => void;
  let readyReject!: (e: unknown) => void;
  const waitReady = new Promise<void>((resolve, reject) => ((readyResolve = resolve), (readyReject = reject)));

  const failAll = (err: Error) => {
    failure = err;
    readyReject(err);
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('message', (reply: ThreadReply) => {
    if (reply.id === 0) {
      ready = true;
      if (pending.size === 0) worker.unref();
      return readyResolve();
    }
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (pending.size === 0 && ready) worker.unref();
    if (reply.ok) p.resolve(reply.result);
    else p.reject(new ThreadDatabaseError(reply.error));
  });
  worker.on('error', (err) => failAll(err));
  worker.on('exit', (code) => failAll(new Error(`the database thread exited (${code})`)));
  // The thread keeps the process alive only while it starts or has work: an idle database does not
  // hold a finished process open, and a start, close or query in flight is not cut short by an
  // empty event loop.

  function request<T>(message: Omit1<ThreadRequest>): Promise<T> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0 && ready) worker.ref();
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  }

  /** A change outside a transaction: counted from when it is sent until the database answers. */
  function counted<T>(change: boolean, sent: Promise<T>): Promise<T> {
    if (!change) return sent;
    const end = writes.begin();
    return sent.finally(end);
  }
  const query =
    (tx: number | undefined) =>
    (text: string, params: unknown[] = [], options: QueryOptions = {}) =>
      counted(
        tx === undefined && !isPlainSelect(text),
        request<Results>({ op: 'query', text, params, rowMode: options.rowMode ?? 'object', rawTypes: Object.keys(options.parsers ?? {}).map(Number), tx }),
      );
  const exec = (tx: number | undefined) => (text: string) => counted(tx === undefined, request<Results[]>({ op: 'exec', text, tx }));

  return {
    waitReady,
    writes,
    query: query(undefined),
    exec: exec(undefined),
    async transaction(callback) {
      const tx = nextTx++;
      const endChange = writes.begin();
      try {
        return await runTransaction(tx, callback);
      } finally {
        endChange();
      }
    },
    async close() {
      if (failure) return;
      await request({ op: 'close' });
      await worker.terminate();
    },
  };

  async function runTransaction<T>(tx: number, callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    await request({ op: 'begin', tx });
    let closed = false;
    const handle: ThreadTransaction = {
      query: query(tx),
      exec: exec(tx),
      async rollback() {
        closed = true;
        await request({ op: 'end', tx, commit: false });
      },
      get closed() {
        return closed;
      },
    };
    let result;
    try {
      result = await callback(handle);
    } catch (err) {
      if (!closed) await request({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw err;
    }
    if (!closed) await request({ op: 'end', tx, commit: true });
    return result;
  }
}

/**
 * The database thread for a data folder (PGlite in its `pglite/` folder) or in memory when
 * `dataDir` is undefined. Apart from ./client.ts so that `npm start` can start it before it loads
 * the rest of the server (server/main.ts): booting PGlite then overlaps loading the modules.
 */
export function openPgliteThread(opts: { dataDir?: string | undefined; pgliteWorker?: URL | undefined; pgliteTemplate?: string | undefined }): PgliteThread {
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  const workerUrl = opts.pgliteWorker ?? new URL('./pglite-worker.ts', import.meta.url);
  // one count of changes for the data folder, whichever thread runs it
  const writes = createWriteClock();
  const start = (wasm?: WebAssembly.Module) => startPgliteThread({ dataDir: dir, workerUrl, template: opts.pgliteTemplate, wasm, writes });
  const fresh = dir !== undefined && opts.pgliteTemplate === undefined && !fs.existsSync(path.join(dir, 'PG_VERSION'));
  return fresh ? reopenedAfterCreating(start, writes) : start();
}

/**
 * Creating a cluster (PGlite's initdb) grows the thread's WebAssembly memory to about 600 MB, and
 * WebAssembly memory never shrinks: a first start held 700+ MB until the next restart (180 MB
 * then). So the thread that created the cluster is closed once it is ready (a clean shutdown) and
 * the database is opened again on a new thread (about 0.2 s more on a first start); calls made
 * meanwhile wait for that one.
 */
function reopenedAfterCreating(start: (wasm: WebAssembly.Module) => PgliteThread, writes: WriteClock): PgliteThread {
  // compiled once (on V8's background threads) for both threads: the second open then costs no compile
  const thread = WebAssembly.compile(pgliteWasm()).then(async (wasm) => {
    const creator = start(wasm);
    await creator.waitReady;
    await creator.close();
    return start(wasm);
  });
  return {
    waitReady: thread.then((t) => t.waitReady),
    writes,
    query: (...args) => thread.then((t) => t.query(...args)),
    exec: (text) => thread.then((t) => t.exec(text)),
    transaction: (callback) => thread.then((t) => t.transaction(callback)),
    close: () =>
      thread.then(
        (t) => t.close(),
        () => undefined,
      ),
  };
}
