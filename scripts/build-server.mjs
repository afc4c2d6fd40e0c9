// @ts-check
/** `npm run build`'s second half: bundles the server into dist/server (scripts/server-bundle.mjs). */
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { buildServer } from './server-bundle.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
await buildServer(root);
process.stdout.write(`Server bundled into ${path.join('dist', 'server')}\n`);
