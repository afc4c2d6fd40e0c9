// @ts-check
/**
 * `npm start`, after the system check: builds what changed since the last start and runs the
 * compiled server in this process (issue 32: a restart is the server's own start-up, nothing else).
 * - the renderer (`vite build`, in a child process) only when its inputs changed
 *   (build/renderer-stamp.mjs). The server starts meanwhile (on a first start PGlite creates and
 *   migrates its database on the other core) and answers only once the build is done;
 * - the server (dist/server, esbuild, about a second) only when a file it was made from changed
 *   (scripts/server-bundle.mjs).
 * Plain JavaScript, so these checks need no TypeScript loader: one Node process on a restart.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildNeeded, rendererInputsHash } from '../build/renderer-stamp.mjs';
import { buildServer, serverBuildNeeded, serverEntry } from './server-bundle.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);

/** @param {unknown} err @returns {never} */
function cannotBuild(err) {
  process.stderr.write(`Launchpad could not be built: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}

/** `vite build` and its server rendering, in a child process that does not outlive this one. */
function buildRenderer() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'build-renderer.ts')], { cwd: root, stdio: 'inherit' });
  const stopChild = () => child.kill('SIGTERM');
  process.once('exit', stopChild);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('exit', stopChild);
      if (code === 0) resolve(undefined);
      else reject(new Error(`the renderer build failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

const rendererWhy = buildNeeded(root, rendererInputsHash(root));
let rendererBuilt;
if (rendererWhy) {
  say(`Renderer: building (${rendererWhy})`);
  rendererBuilt = buildRenderer();
  // Awaited by the server's start; a failure before then must not end this process unexplained.
  rendererBuilt.catch(() => undefined);
}
const serverWhy = serverBuildNeeded(root);
if (serverWhy) {
  say(`Server: compiling (${serverWhy})`);
  await buildServer(root).catch(cannotBuild);
}
/** @type {{ main(opts: { prerequisite?: Promise<unknown> }): Promise<void>; failedToStart(err: unknown): never }} */
const server = await import(pathToFileURL(serverEntry(root)).href);
server.main({ prerequisite: rendererBuilt }).catch(server.failedToStart);
