// @ts-check
/**
 * The embedded database alone, as the server opens it: the compiled PGlite thread
 * (dist/server/pglite-worker.mjs, the server's settings) on the data folder, in a plain Node
 * process with nothing else loaded; one query, then idle. Its RSS is the reference for the
 * server's own share. Plain JavaScript: a TypeScript loader would add its own thread and caches.
 */
import path from 'node:path';
import process from 'node:process';
import { URL } from 'node:url';
import { Worker } from 'node:worker_threads';

const dataDir = path.join(process.argv[2] ?? '.', 'pglite');
// The young generation the server gives the thread (server/db/pglite-thread.ts).
const worker = new Worker(new URL('../../dist/server/pglite-worker.mjs', import.meta.url), { workerData: { dataDir }, resourceLimits: { maxYoungGenerationSizeMb: 8 } });
worker.on('message', (/** @type {{ id: number }} */ reply) => {
  if (reply.id === 0) worker.postMessage({ id: 1, op: 'query', text: 'select count(*) from users', params: [], rowMode: 'object', rawTypes: [] });
  else process.stdout.write('ready\n');
});
worker.on('error', (err) => {
  process.stderr.write(`${err.stack ?? err.message}\n`);
  process.exit(1);
});
