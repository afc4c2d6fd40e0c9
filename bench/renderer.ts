/**
 * Renderer weight and speed in Chromium on localhost with the CPU throttled 4× (CDP), through a
 * real Launchpad serving the built renderer (RENDERER_DIR, default dist/renderer):
 *
 *  - JavaScript fetched for first paint of `/`, `/pricing`, `/deployment` and of `/deployments` (signed out: the sign-in
 *    prompt, which is what a first visit paints), as transferred and as gzip -6 of each script — every
 *    script fetched until the page has settled, so an upper bound of what first paint needed
 *  - Largest Contentful Paint, Cumulative Layout Shift and Total Blocking Time, median of cold loads (fresh context each)
 *  - lazy loading: neither page may fetch the terminal (xterm) or chart code
 *
 * Run with `npm run bench:renderer` after `npm run build`. BENCH_QUICK=1: one load per page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { assertChromium, chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { rendererDist } from '../server/app';
import { startServer } from '../server/start';
import { measurePageLoad, type PageLoad, type ScriptLoad } from './support/page-load';
import { report, runBench, type Figure } from './support/report';
import { fmt, median, quick, watchdog } from './support/stats';

const loads = quick ? 1 : 5;
const cpuThrottle = 4;
const marketingJsGoalKiB = 80;
const lcpGoalMs = 1000;
const clsGoal = 0.05;

watchdog('renderer', 10 * 60_000);

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

interface Target {
  path: string;
  label: string;
  ready?: (page: Page) => Promise<void>;
}

const targets: Target[] = [
  { path: '/', label: '/ (landing)', ready: (page) => page.getByTestId('hero').waitFor() },
  { path: '/pricing', label: '/pricing', ready: (page) => page.locator('main h1').first().waitFor() },
  { path: '/deployment', label: '/deployment', ready: (page) => page.locator('main h1').first().waitFor() },
  { path: '/deployments', label: '/deployments (signed out)', ready: (page) => page.waitForLoadState('networkidle') },
];

/** Terminal and chart code must come only with the pages that use them. */
function eagerHeavyCode(scripts: ScriptLoad[]): string[] {
  return scripts.filter((s) => /xterm|chart/i.test(path.basename(s.path)) || s.body.includes('xterm-helper-textarea')).map((s) => path.basename(s.path));
}

async function main() {
  assertChromium();
  const rendererRoot = path.resolve(process.env.RENDERER_DIR ?? rendererDist);
  if (!fs.existsSync(path.join(rendererRoot, 'index.html'))) throw new Error(`no built renderer in ${rendererRoot}: run "npm run build" (or set RENDERER_DIR)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-renderer-'));
  const server = await startServer({
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RELEASES_URL: 'off', DEV_USERS: 'bench@bench.test:bench-pass' },
    inMemoryDatabase: true,
    jobs: false,
    rendererRoot,
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const results = new Map<Target, PageLoad[]>();
  try {
    for (const t of targets) {
      const runs: PageLoad[] = [];
      // The server renders a marketing page once and keeps it: the first request pays for that, no visitor after it.
      await fetch(`${server.url}${t.path}`).then((r) => r.arrayBuffer());
      for (let i = 0; i < loads; i++) runs.push(await measurePageLoad(browser, `${server.url}${t.path}`, { cpuThrottle, ready: t.ready }));
      results.set(t, runs);
    }
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const figures: Figure[] = [];
  for (const t of targets) {
    const runs = results.get(t) ?? [];
    const last = runs[runs.length - 1];
    if (!last) throw new Error(`no loads of ${t.path}`);
    const firstPaint = last.scripts.filter((x) => x.beforeFirstPaint);
    const later = last.scripts.filter((x) => !x.beforeFirstPaint);
    const gzip = firstPaint.reduce((s, x) => s + x.gzip, 0);
    const transferred = firstPaint.reduce((s, x) => s + x.transferred, 0);
    const lcp = median(runs.map((r) => r.lcp));
    const heavy = eagerHeavyCode(last.scripts);
    console.log(`\nscripts fetched by ${t.path} (last load):`);
    for (const s of [...last.scripts].sort((a, b) => b.gzip - a.gzip))
      console.log(`  ${s.path.padEnd(48)} ${kib(s.transferred).padStart(10)} transferred ${kib(s.gzip).padStart(10)} gzip${s.beforeFirstPaint ? '' : '  (after first paint)'}`);
    // The goals are the public site's (issue 31): every marketing page, not the app's sign-in prompt.
    const landing = !t.path.startsWith('/deployments');
    figures.push(
      {
        figure: `${t.label}: JavaScript for first paint (gzip)`,
        value: `${kib(gzip)} in ${firstPaint.length} files (${kib(transferred)} transferred)`,
        goal: landing ? `≤ ${marketingJsGoalKiB} KiB` : '',
        met: landing ? gzip <= marketingJsGoalKiB * 1024 : undefined,
      },
      {
        figure: `${t.label}: JavaScript fetched after first paint (sign-in, API client; gzip)`,
        value: `${kib(later.reduce((s, x) => s + x.gzip, 0))} in ${later.length} files`,
        goal: '',
      },
      {
        figure: `${t.label}: LCP, ${cpuThrottle}× CPU throttling (median of ${loads})`,
        value: `${fmt(lcp)} ms (${last.lcpElement})`,
        goal: landing ? `≤ ${fmt(lcpGoalMs)} ms` : '',
        met: landing ? lcp <= lcpGoalMs : undefined,
      },
      {
        figure: `${t.label}: CLS (median)`,
        value: median(runs.map((r) => r.cls)).toFixed(3),
        goal: landing ? `< ${clsGoal}` : '',
        met: landing ? median(runs.map((r) => r.cls)) < clsGoal : undefined,
      },
      { figure: `${t.label}: First Contentful Paint, ${cpuThrottle}× CPU throttling (median)`, value: `${fmt(median(runs.map((r) => r.fcp)))} ms`, goal: '' },
      { figure: `${t.label}: Total Blocking Time, ${cpuThrottle}× CPU throttling (median)`, value: `${fmt(median(runs.map((r) => r.tbt)))} ms`, goal: '' },
      { figure: `${t.label}: terminal and chart code lazy`, value: heavy.length ? `fetched ${heavy.join(', ')}` : 'not fetched', goal: 'not fetched', met: heavy.length === 0 },
    );
  }
  report('renderer', `Renderer in Chromium${quick ? ' (QUICK: not meaningful)' : ''}`, figures, [
    `renderer: ${rendererRoot}`,
    'gzip = gzip -6 of each script body; transferred = bytes on the wire as this server sent them',
  ]);
}

runBench('bench:renderer', main);
