/**
 * Landing-page weight and speed, through a real Launchpad and Chromium:
 *
 *  - JavaScript for first paint: every script the landing page loads before it has painted its
 *    largest element (the entry chunk, the lazily loaded landing chunk and their imports), as
 *    transferred by this server and as gzip would send it (gzip -6 of each body; the server itself
 *    does not compress, a reverse proxy usually does)
 *  - Largest Contentful Paint and First Contentful Paint, median of cold loads (fresh context each)
 *
 * Run with `npm run bench:landing` after a build; RENDERER_DIR points at another build folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { rendererDist } from '../server/app';
import { startServer } from '../server/start';

const loads = 5;
const overallLimitMs = 3 * 60_000;

const watchdog = setTimeout(() => {
  console.error(`bench: gave up after ${overallLimitMs / 1000} s`);
  process.exit(1);
}, overallLimitMs);
watchdog.unref();

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

declare global {
  interface Window {
    __lcp?: { time: number; element: string };
  }
}

/** Records the latest LCP candidate from the very start of the page. */
const lcpObserver = () => {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
      const el = e.element;
      window.__lcp = { time: e.startTime, element: el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}` : '?' };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

interface LoadResult {
  lcp: number;
  lcpElement: string;
  fcp: number;
  scripts: { url: string; transferred: number; gzip: number }[];
}

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
  const results: LoadResult[] = [];
  try {
    for (let i = 0; i < loads; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(lcpObserver);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const scripts = new Map<string, { url: string; at: number; transferred?: number }>();
      cdp.on('Network.responseReceived', (e) => {
        if (e.type === 'Script') scripts.set(e.requestId, { url: e.response.url, at: e.timestamp });
      });
      const finished: Promise<void>[] = [];
      const bodies = new Map<string, Buffer>();
      cdp.on('Network.loadingFinished', (e) => {
        const s = scripts.get(e.requestId);
        if (!s) return;
        s.transferred = e.encodedDataLength;
        finished.push(
          cdp.send('Network.getResponseBody', { requestId: e.requestId }).then((b) => {
            bodies.set(e.requestId, Buffer.from(b.body, b.base64Encoded ? 'base64' : 'utf8'));
          }),
        );
      });

      await page.goto(`${server.url}/`, { waitUntil: 'load' });
      await page.getByTestId('hero').waitFor();
      // LCP candidates stop once nothing new paints; give lazy chunks and fonts a moment.
      await page.waitForTimeout(1000);
      await Promise.all(finished);
      const { lcp, fcp } = await page.evaluate(() => ({
        lcp: window.__lcp,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      }));
      results.push({
        lcp: lcp?.time ?? NaN,
        lcpElement: lcp?.element ?? '?',
        fcp,
        scripts: [...scripts.entries()]
          .filter(([id]) => bodies.has(id))
          .map(([id, s]) => ({ url: new URL(s.url).pathname, transferred: s.transferred ?? 0, gzip: gzipSync(bodies.get(id) ?? Buffer.alloc(0), { level: 6 }).length })),
      });
      await context.close();
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
  for (const s of [...last.scripts].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${s.url.padEnd(44)} ${kb(s.transferred).padStart(10)} served, ${kb(s.gzip).padStart(9)} gzip`);
  console.log('');
  console.log(`JavaScript for first paint: ${last.scripts.length} files, ${kb(transferred)} as served (uncompressed), ${kb(gzip)} gzip-encoded`);
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
