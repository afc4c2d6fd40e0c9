// @ts-check
/**
 * The compiled server: `server/main.ts` (and `server/run.ts`, what it runs) and the database thread bundled by esbuild into
 * `dist/server/`, what `npm start` runs (issue 32). Under tsx every start transpiled the server's
 * ~200 files through a loader thread: about half of a start's CPU time and ~150 MB of memory.
 * Dependencies stay in node_modules (native modules, PGlite's WebAssembly and data files are found
 * there). A stamp records each source file the bundle was made from (esbuild's own list) with its
 * hash, so a start rebuilds only when one of them changed. Plain JavaScript: `npm start` checks it
 * before anything that compiles TypeScript has started (scripts/start.mjs); types in
 * ./server-bundle.d.mts.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';

export const serverOutDir = (/** @type {string} */ root) => path.join(root, 'dist', 'server');
/** What scripts/start.mjs imports (server/run.ts); `node dist/server/main.mjs` runs the same server alone. */
export const serverEntry = (/** @type {string} */ root) => path.join(serverOutDir(root), 'run.mjs');
const stampFile = (/** @type {string} */ root) => path.join(serverOutDir(root), 'build-stamp.json');

/** Read by every build beside the sources esbuild reports: this file and the TypeScript settings. */
const alwaysInputs = ['scripts/server-bundle.mjs', 'tsconfig.json', 'package.json'];

/** @param {string} file */
const fileHash = (file) => {
  try {
    return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  } catch {
    return 'missing';
  }
};

/**
 * Why the server must be bundled again, or undefined when `dist/server` is current: every file it
 * was made from still has the hash it had then.
 * @param {string} root
 */
export function serverBuildNeeded(root) {
  if (!fs.existsSync(serverEntry(root))) return 'no build yet';
  /** @type {{ files?: Record<string, string> }} */
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(stampFile(root), 'utf8'));
  } catch {
    return 'no record of what the last build was made from';
  }
  const files = stamp.files ?? {};
  if (Object.keys(files).length === 0) return 'no record of what the last build was made from';
  for (const [rel, hash] of Object.entries(files)) {
    if (fileHash(path.join(root, rel)) !== hash) return `${rel} changed since the last build`;
  }
  return undefined;
}

/**
 * Replaces `import.meta.url` in the server's sources by the URL of the source file itself: they find
 * their migrations, catalogue and the renderer's build relative to it. The bundle is two folders
 * below the project root (dist/server/), so the URL is computed from the bundle's own location and
 * the project can be moved. `server/run.ts` keeps its own URL: it tells there that it runs compiled.
 * @type {import('esbuild').Plugin}
 */
const sourceFileUrls = {
  name: 'source-file-urls',
  setup(b) {
    const root = b.initialOptions.absWorkingDir ?? process.cwd();
    b.onLoad({ filter: /[\\/](server|shared)[\\/].*\.ts$/ }, async (args) => {
      const rel = path.relative(root, args.path).split(path.sep).join('/');
      if (rel === 'server/run.ts') return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      return { contents: text.replaceAll('import.meta.url', `__lpSourceUrl(${JSON.stringify(rel)})`), loader: 'ts' };
    });
  },
};

const banner = [
  'import { pathToFileURL as __lpToUrl } from "node:url";',
  'import { join as __lpJoin } from "node:path";',
  'const __lpSourceUrl = (rel) => __lpToUrl(__lpJoin(import.meta.dirname, "..", "..", rel)).href;',
].join(' ');

/**
 * Bundles the server into dist/server (about a second) and records what it was made from.
 * @param {string} root
 */
export async function buildServer(root) {
  const esbuild = await import('esbuild');
  const out = serverOutDir(root);
  // A build stopped half-way must not pass for current next time.
  fs.rmSync(out, { recursive: true, force: true });
  // esbuild's service process is stopped afterwards: the server runs on in this process (scripts/start.mjs).
  const result = await esbuild
    .build({
      absWorkingDir: root,
      entryPoints: { main: 'server/main.ts', run: 'server/run.ts', 'pglite-worker': 'server/db/pglite-worker.ts', migrate: 'server/db/migrate-cli.ts' },
      outdir: out,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      // Modules loaded with import() (what /readyz does not need) become their own files, loaded when first used.
      splitting: true,
      chunkNames: '[name]-[hash]',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: true,
      metafile: true,
      logLevel: 'warning',
      legalComments: 'none',
      plugins: [sourceFileUrls],
      banner: { js: banner },
    })
    .finally(() => esbuild.stop());
  /** @type {Record<string, string>} */
  const files = {};
  for (const rel of [...Object.keys(result.metafile.inputs), ...alwaysInputs].sort()) files[rel] = fileHash(path.join(root, rel));
  fs.writeFileSync(stampFile(root), `${JSON.stringify({ files }, null, 1)}\n`);
}
