/**
 * Landing-page weight and speed, through a real Launchpad and Chromium, without CPU throttling
 * (bench:renderer measures the same page throttled 4×, with the goals):
 *
 *  - JavaScript for first paint: every script the landing page loads before it has painted its
 *    largest element (the entry chunk, the lazily loaded landing chunk and their imports), as
 *    transferred by this server and as gzip -6 of each body
 *  - Largest Contentful Paint and First Contentful Paint, median of cold loads (fresh context each)
 *
 * Run with `npm run bench:landing` after a build; RENDERER_DIR points at another build folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { rendererDist } from '../server/app';
import { startServer } from '../server/start';
import { measurePageLoad, type PageLoad } from './support/page-load';
import { median, watchdog } from './support/stats';

const loads = 5;

watchdog('landing', 3 * 60_000);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

async function main() {
  const rendererRoot = path.resolve(process.env.RENDERER_DIR ?? rendererDist);
  if (!fs.existsSync(path.join(rendererRoot, 'index.html'))) throw new Error(`no built renderer in ${rendererRoot}: run "npm run build" (or set RENDERER_DIR)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-landing-'));
  const server = await startServer({
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RELEASES_URL: 'off', DEV_USERS: 'bench@bench.test:bench-pass' },
    inMemoryDatabase: true,
    jobs: false,
    rendererRoot,
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const results: PageLoad[] = [];
  try {
    for (let i = 0; i < loads; i++) {
      // LCP candidates stop once nothing new paints; give lazy chunks and fonts a moment.
      results.push(await measurePageLoad(browser, `${server.url}/`, { cpuThrottle: 1, ready: (page) => page.getByTestId('hero').waitFor(), settleMs: 1000 }));
    }
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const last = results[results.length - 1];
  if (!last) throw new Error('no page loads');
  const transferred = last.scripts.reduce((s, x) => s + x.transferred, 0);
  const gzip = last.scripts.reduce((s, x) => s + x.gzip, 0);
  console.log(`renderer: ${rendererRoot}`);
  console.log('scripts loaded by / (last load):');
  for (const s of [...last.scripts].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${s.path.padEnd(44)} ${kb(s.transferred).padStart(10)} transferred, ${kb(s.gzip).padStart(9)} gzip`);
  console.log('');
  console.log(`JavaScript for first paint: ${last.scripts.length} files, ${kb(transferred)} transferred, ${kb(gzip)} gzip-encoded`);
  console.log(`First Contentful Paint: median ${median(results.map((r) => r.fcp)).toFixed(0)} ms over ${loads} cold loads`);
  console.log(`Largest Contentful Paint: median ${median(results.map((r) => r.lcp)).toFixed(0)} ms over ${loads} cold loads (min ${Math.min(...results.map((r) => r.lcp)).toFixed(0)}, max ${Math.max(...results.map((r) => r.lcp)).toFixed(0)}; element ${last.lcpElement})`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
