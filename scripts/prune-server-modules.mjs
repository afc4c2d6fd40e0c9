// @ts-check
/**
 * The image's node_modules holds only what the compiled server loads: the packages dist/server and
 * dist/ssr import, and everything those import in turn (their dependencies, optional ones
 * included), and the packages whose files it only reads (`require.resolve('pkg/file')`: fonts for
 * PDFs, the API docs' bundle) without their dependencies. Run after `npm prune --omit=dev` in the
 * Dockerfile's build stage; prints what it kept.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';

const root = process.cwd();
const specifier = /(?:from\s*|import\s*\(\s*|import\s+|require\s*\(\s*)["']([^"'./][^"']*)["']/g;
const resolved = /\.resolve\s*\(\s*["']([^"'./][^"']*\/[^"']*)["']/g;
const packageName = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
// npm's rule for names: the pattern also meets strings in compiled code that are no specifiers.
const validName = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
const builtins = new Set(createRequire(import.meta.url)('node:module').builtinModules);

/** @type {Set<string>} */
const wanted = new Set();
/** @type {Set<string>} packages whose files are read, not loaded */
const read = new Set();
for (const dir of ['dist/server', 'dist/ssr']) {
  for (const file of fs.readdirSync(path.join(root, dir), { recursive: true })) {
    if (!/\.m?js$/.test(String(file))) continue;
    const text = fs.readFileSync(path.join(root, dir, String(file)), 'utf8');
    for (const m of text.matchAll(specifier)) {
      const name = packageName(m[1] ?? '');
      if (validName.test(name) && !builtins.has(name)) wanted.add(name);
    }
    for (const m of text.matchAll(resolved)) if (validName.test(packageName(m[1] ?? ''))) read.add(packageName(m[1] ?? ''));
  }
}

/** Package folders the server needs, found the way Node finds them (nested node_modules first). */
const keep = new Set();
const queue = [...wanted].map((name) => ({ name, from: root }));
while (queue.length > 0) {
  const { name, from } = /** @type {{ name: string; from: string }} */ (queue.pop());
  let dir = from;
  let found;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) {
      found = candidate;
      break;
    }
    if (dir === root || dir === path.dirname(dir)) break;
    dir = path.dirname(dir);
  }
  if (!found || keep.has(found)) continue;
  keep.add(found);
  const pkg = JSON.parse(fs.readFileSync(path.join(found, 'package.json'), 'utf8'));
  for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies, ...pkg.peerDependencies })) queue.push({ name: dep, from: found });
}

/** Removes every package folder under `modules` that is neither kept nor holds a kept one. */
function sweep(modules) {
  if (!fs.existsSync(modules)) return;
  for (const entry of fs.readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    const names = entry.startsWith('@') ? fs.readdirSync(path.join(modules, entry)).map((n) => path.join(entry, n)) : [entry];
    for (const name of names) {
      const dir = path.join(modules, name);
      if (keep.has(dir)) sweep(path.join(dir, 'node_modules'));
      else fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}
for (const name of read) if (fs.existsSync(path.join(root, 'node_modules', name, 'package.json'))) keep.add(path.join(root, 'node_modules', name));
sweep(path.join(root, 'node_modules'));
fs.rmSync(path.join(root, 'node_modules', '.bin'), { recursive: true, force: true });
process.stdout.write(`node_modules: ${keep.size} packages the server loads or reads (${[...wanted, ...read].sort().join(', ')})\n`);
