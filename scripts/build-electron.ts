/**
 * Builds the Electron main process, preloads and bundled pages into dist/electron with esbuild
 * (no Electron binary needed): `npm run build:electron`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { appPages } from '../electron/protocol/app-protocol';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist', 'electron');

/**
 * The embedded server finds its migrations, catalogue and renderer relative to its own source file
 * (`import.meta.url`). Bundled into dist/electron/main.cjs that would point at the bundle, so each
 * use is replaced by the original file's URL inside the packaged app (which ships those folders).
 */
const sourceFileUrls: Plugin = {
  name: 'source-file-urls',
  setup(b) {
    b.onLoad({ filter: /[\\/](server|shared|electron)[\\/].*\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      const rel = path.relative(root, args.path).split(path.sep).join('/');
      return { contents: text.replaceAll('import.meta.url', `__lpSourceUrl(${JSON.stringify(rel)})`), loader: 'ts' };
    });
  },
};

const common: BuildOptions = { bundle: true, sourcemap: true, logLevel: 'warning', legalComments: 'none' };

async function main() {
  fs.rmSync(out, { recursive: true, force: true });
  await build({
    ...common,
    // The embedded database's thread is its own file (server/db/pglite-thread.ts starts it by path).
    entryPoints: { main: path.join(root, 'electron/main.ts'), 'pglite-worker': path.join(root, 'server/db/pglite-worker.ts') },
    outdir: out,
    outExtension: { '.js': '.cjs' },
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    // dependencies ship in node_modules (electron-builder packs them); native ones cannot be bundled anyway
    packages: 'external',
    external: ['electron'],
    plugins: [sourceFileUrls],
    banner: { js: 'const __lpSourceUrl = (rel) => require("node:url").pathToFileURL(require("node:path").join(__dirname, "..", "..", rel)).href;' },
  });
  // Sandboxed preloads may only require('electron'): everything else is bundled in.
  await build({
    ...common,
    entryPoints: {
      preload: path.join(root, 'electron/preload.ts'),
      'first-run/preload': path.join(root, 'electron/first-run/preload.ts'),
      'tray/preload': path.join(root, 'electron/tray/preload.ts'),
      'proxy-login/preload': path.join(root, 'electron/proxy-login/preload.ts'),
    },
    outdir: out,
    outExtension: { '.js': '.cjs' },
    platform: 'browser',
    format: 'cjs',
    target: 'chrome140',
    external: ['electron'],
  });
  await build({
    ...common,
    entryPoints: {
      'first-run/page': path.join(root, 'electron/first-run/page.ts'),
      'tray/page': path.join(root, 'electron/tray/page.ts'),
      'proxy-login/page': path.join(root, 'electron/proxy-login/page.ts'),
    },
    outdir: out,
    platform: 'browser',
    format: 'iife',
    target: 'chrome140',
  });
  // served on app://<page>/ by electron/protocol/app-protocol.ts, one folder per page
  for (const page of appPages) {
    for (const file of ['index.html', 'style.css']) fs.copyFileSync(path.join(root, 'electron', page, file), path.join(out, page, file));
  }
  fs.copyFileSync(path.join(root, 'build/icons/512x512.png'), path.join(out, 'icon.png'));
  console.log(`Electron main, preloads and pages built into ${path.relative(root, out)}`);
}

await main();
