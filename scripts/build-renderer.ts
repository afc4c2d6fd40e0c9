/**
 * Builds the renderer (`vite build`, then its server rendering with `--ssr`) and records the hash of its inputs beside the output
 * (build/renderer-stamp.mjs). `npm start` checks that hash itself (scripts/start.mjs) and runs this
 * only when it changed; `--if-changed` does the same check here.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNeeded, rendererInputsHash, removeStamp, writeStamp } from '../build/renderer-stamp.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const hash = rendererInputsHash(root);
const why = process.argv.includes('--if-changed') ? buildNeeded(root, hash) : 'asked to build';
if (why === undefined) {
  console.log('Renderer: the last build is current (its sources have not changed), not rebuilding');
} else {
  console.log(`Renderer: building (${why})`);
  // A build stopped half-way must not pass for current next time.
  removeStamp(root);
  // Vite loads only when a build runs: importing it alone costs a restart about a second.
  const { build } = await import('vite');
  const config = { root: path.join(root, 'renderer'), configFile: path.join(root, 'vite.config.ts') };
  await build(config);
  // The server's rendering of the marketing pages (dist/ssr/entry-server.js, server/http/marketing-pages.ts).
  await build({ ...config, build: { ssr: 'entry-server.tsx' } });
  writeStamp(root, hash);
}
