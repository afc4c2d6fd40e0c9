// @ts-check
/**
 * Whether the renderer's last build is still current: a hash of everything the build reads, stored
 * beside `dist/renderer` once a build succeeds. `npm start` builds only when the hash changed, so a
 * restart does not pay the build (issue 32). Plain JavaScript: `npm start` checks it before anything
 * that compiles TypeScript has started (scripts/start.mjs); types in ./renderer-stamp.d.mts.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What `vite build` reads, relative to the project root: folders are walked, tests left out. */
export const rendererInputs = ['renderer', 'shared', 'build', 'vite.config.ts', 'tsconfig.renderer.json', 'package-lock.json'];

/** The stamp file, outside the output folder that Vite empties on every build. */
export const stampPath = (/** @type {string} */ root) => path.join(root, 'dist', 'renderer.stamp');

const isTest = (/** @type {string} */ name) => /\.test\.tsx?$/.test(name);

/** @param {string} root @param {string} rel @param {string[]} out */
function filesUnder(root, rel, out) {
  const abs = path.join(root, rel);
  const stat = fs.statSync(abs, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    out.push(rel);
    return;
  }
  if (!stat.isDirectory()) return;
  for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.') || isTest(entry.name)) continue;
    filesUnder(root, path.join(rel, entry.name), out);
  }
}

/**
 * One hash over the names and contents of the build's inputs, in a fixed order.
 * @param {string} root
 * @param {readonly string[]} [inputs]
 */
export function rendererInputsHash(root, inputs = rendererInputs) {
  /** @type {string[]} */
  const files = [];
  for (const input of inputs) filesUnder(root, input, files);
  files.sort();
  const hash = createHash('sha256');
  for (const rel of files) {
    hash.update(rel.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Why the renderer must be built, or undefined when the last build is current.
 * @param {string} root
 * @param {string} hash
 */
export function buildNeeded(root, hash) {
  if (!fs.existsSync(path.join(root, 'dist', 'renderer', 'index.html'))) return 'no build yet';
  if (!fs.existsSync(stampPath(root))) return 'no record of what the last build was made from';
  const stamp = fs.readFileSync(stampPath(root), 'utf8').trim();
  return stamp === hash ? undefined : 'the renderer, shared code or build settings changed since the last build';
}

/**
 * Records that the build in dist/renderer was made from inputs with this hash.
 * @param {string} root
 * @param {string} hash
 */
export function writeStamp(root, hash) {
  fs.mkdirSync(path.dirname(stampPath(root)), { recursive: true });
  fs.writeFileSync(stampPath(root), `${hash}\n`);
}

/** @param {string} root */
export function removeStamp(root) {
  fs.rmSync(stampPath(root), { force: true });
}
