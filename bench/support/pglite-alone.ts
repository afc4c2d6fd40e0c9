/**
 * The embedded database alone: opens PGlite on a data folder (as the server does), runs one
 * query and idles. Its RSS is what PGlite itself holds, the reference for the server's share.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const client = new PGlite(path.join(process.argv[2] ?? '.', 'pglite'));
await client.query('select count(*) from users');
process.stdout.write('ready\n');
setInterval(() => undefined, 60_000);
