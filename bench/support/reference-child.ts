/**
 * The minimal reference of bench:api in its own process, like Launchpad: opens the database the
 * simplest way (PGlite on the data folder in this process, or a pg pool), starts
 * api-reference.ts's minimal server and prints its URL. Options as JSON in argv.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startMinimal, type MinimalOptions, type Query } from './api-reference';

const o = JSON.parse(process.argv[2] ?? '{}') as Omit<MinimalOptions, 'query'> & { databaseUrl?: string; dataDir: string };
let query: Query;
if (o.databaseUrl) {
  const pool = new pg.Pool({ connectionString: o.databaseUrl, max: 10 });
  pool.on('error', () => undefined);
  query = (text, params) => pool.query(text, params);
} else {
  const client = new PGlite(path.join(o.dataDir, 'pglite'));
  await client.waitReady;
  query = (text, params) => client.query(text, params);
}
const server = await startMinimal({ ...o, query });
process.stdout.write(`reference at ${server.url}\n`);
// PGlite writes on close: stop cleanly on SIGTERM so the next owner of the folder finds it whole.
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
// The bench holds this pipe open: when it dies, this process goes too.
process.stdin.resume();
process.stdin.once('end', () => process.exit(0));
