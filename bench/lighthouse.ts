/**
 * Lighthouse (12.x, its mobile defaults: a Moto G Power's screen, simulated slow 4G and 4× CPU) in
 * Chromium on every public page of Launchpad as `npm start` serves it (issue 44, item 7): each page
 * the sitemap lists (the marketing pages, every guide of /docs, the agent gallery) and the app pages
 * a signed-out visitor opens (the Command Center, the Test Dashboard). Prints each page's four
 * scores against the goals: performance ≥ 90 (median of 3 runs), accessibility, best practices and
 * SEO ≥ 95, and the audits that cost a page points.
 *
 * `npm run bench:lighthouse` after `npm run build`. BENCH_QUICK=1: one run of a few pages;
 * BENCH_PAGES=/,/agents: those pages only.
 * LIGHTHOUSE_FROM=<folder>: take `lighthouse` from that folder's node_modules (a copy installed
 * outside the project) instead of the project's. LIGHTHOUSE_REPORTS=<folder>: keep each page's full
 * report there (JSON, for the Lighthouse viewer).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { assertChromium, chromiumPath } from '../e2e/support/chromium';
import { startLaunchpadProcess } from './support/launchpad-process';
import { report, runBench, type Figure } from './support/report';
import { median, quick, watchdog } from './support/stats';

const perfRuns = quick ? 1 : 3;
const goals = { performance: 90, accessibility: 95, 'best-practices': 95, seo: 95 } as const;
type Category = keyof typeof goals;
const categories = Object.keys(goals) as Category[];
/** The app pages a signed-out visitor can open (shared/routes/app-paths.ts): the sitemap lists the rest. */
const signedOutAppPages = ['/home', '/test-dashboard'];
const quickPages = ['/', '/pricing', '/agents', '/docs', '/home'];
/** `BENCH_PAGES=/,/agents`: those pages only */
const onlyPages = process.env.BENCH_PAGES?.split(',').map((p) => p.trim());
const reportsDir = process.env.LIGHTHOUSE_REPORTS ? path.resolve(process.env.LIGHTHOUSE_REPORTS) : undefined;
/** Chromium as the e2e specs run it, in the new headless mode Lighthouse expects. */
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

watchdog('lighthouse', (quick ? 10 : 60) * 60_000);

interface AuditResult {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  details?: { items?: unknown[] };
}
interface LighthouseResult {
  categories: Partial<Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>>;
  audits: Record<string, AuditResult>;
  runtimeError?: { message: string };
}
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: LighthouseResult } | undefined>;
interface ChromeLauncher {
  launch(o: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; pid: number; kill(): Promise<void> | void }>;
}

const installHint =
  'Lighthouse is not installed: add it with "npm install --save-dev lighthouse@12", or install it elsewhere (mkdir /tmp/lh && cd /tmp/lh && npm install lighthouse@12) and run with LIGHTHOUSE_FROM=/tmp/lh.';

/** `lighthouse` and the chrome-launcher it depends on, from the project or from LIGHTHOUSE_FROM. */
async function loadLighthouse(): Promise<{ lighthouse: Lighthouse; launcher: ChromeLauncher }> {
  const from = process.env.LIGHTHOUSE_FROM ? path.resolve(process.env.LIGHTHOUSE_FROM, 'package.json') : import.meta.filename;
  const require = createRequire(from);
  let entry: string;
  try {
    entry = require.resolve('lighthouse');
  } catch {
    throw new Error(installHint);
  }
  // chrome-launcher as lighthouse itself resolves it (hoisted or under lighthouse/node_modules)
  const fromLighthouse = createRequire(entry);
  const lighthouse = ((await import(pathToFileURL(entry).href)) as { default: Lighthouse }).default;
  const launcher = (await import(pathToFileURL(fromLighthouse.resolve('chrome-launcher')).href)) as ChromeLauncher;
  return { lighthouse, launcher };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Every page the server renders (its sitemap) and the app pages open to visitors. */
async function publicPages(url: string): Promise<string[]> {
  if (onlyPages) return onlyPages;
  if (quick) return quickPages;
  const xml = await (await fetch(`${url}/sitemap.xml`)).text();
  const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '/', url).pathname);
  if (listed.length === 0) throw new Error('the sitemap lists no page: is the renderer built with its server rendering (npm run build)?');
  return [...new Set([...listed, ...signedOutAppPages])];
}

interface PageScores {
  path: string;
  scores: Record<Category, number>;
  performanceRuns: number[];
  /** audits that cost points, worst first, from the full run */
  failing: string[];
}

const score = (lhr: LighthouseResult, c: Category): number => Math.round((lhr.categories[c]?.score ?? 0) * 100);

/** The weighted audits of the page's categories that did not pass, with what Lighthouse measured. */
function failingAudits(lhr: LighthouseResult): string[] {
  const out: string[] = [];
  for (const c of categories) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (!a || ref.weight === 0 || a.score === null || a.score >= 0.9) continue;
      out.push(`${c}: ${a.id} (${a.title})${a.displayValue ? ` ${a.displayValue}` : ''}, score ${a.score.toFixed(2)}`);
    }
  }
  return out;
}

/** One Lighthouse run; a run whose trace came out unusable (NO_NAVSTART and the like, on a busy machine) is tried again once. */
async function audit(lighthouse: Lighthouse, url: string, flags: Record<string, unknown>): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    const lhr = (await lighthouse(url, flags))?.lhr;
    const failure = !lhr ? 'Lighthouse returned nothing' : lhr.runtimeError?.message;
    if (lhr && !failure) return lhr;
    if (attempt === 2) throw new Error(`Lighthouse failed on ${url}: ${failure}`);
    console.log(`    (run again: ${failure})`);
  }
}

async function main() {
  assertChromium();
  if (reportsDir) fs.mkdirSync(reportsDir, { recursive: true });
  const { lighthouse, launcher } = await loadLighthouse();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-lighthouse-'));
  // A fixed address that is also PUBLIC_URL: canonical links and the sitemap name the address Lighthouse opens.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startLaunchpadProcess({ dataDir, logFile: path.join(dataDir, 'launchpad.log'), env: { PORT: String(port), PUBLIC_URL: origin, LOG_LEVEL: 'warn' } });
  const chrome = await launcher.launch({ chromePath: chromiumPath, chromeFlags });
  // Stopped (Ctrl-C, the watchdog) before the end: leave neither Chromium nor Launchpad running.
  let stopped = false;
  process.once('exit', () => {
    if (stopped) return;
    for (const pid of [chrome.pid, server.pid]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  const results: PageScores[] = [];
  try {
    const pages = await publicPages(server.url);
    console.log(`Lighthouse on ${pages.length} pages, ${perfRuns} run(s) each`);
    for (const p of pages) {
      const url = `${server.url}${p}`;
      // The server renders a page once and keeps it: the first request pays for that, no visitor after it.
      await fetch(url).then((r) => r.arrayBuffer());
      const performanceRuns: number[] = [];
      let full: LighthouseResult | undefined;
      for (let i = 0; i < perfRuns; i++) {
        const onlyCategories = i === 0 ? categories : ['performance'];
        const lhr = await audit(lighthouse, url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories });
        full ??= lhr;
        performanceRuns.push(score(lhr, 'performance'));
      }
      if (!full) continue;
      if (reportsDir) fs.writeFileSync(path.join(reportsDir, `${p.replace(/\//g, '_') || '_'}.json`), JSON.stringify(full));
      const scores = Object.fromEntries(categories.map((c) => [c, c === 'performance' ? median(performanceRuns) : score(full, c)])) as Record<Category, number>;
      const failing = failingAudits(full);
      results.push({ path: p, scores, performanceRuns, failing });
      console.log(`${p}: ${categories.map((c) => `${c} ${scores[c]}`).join(', ')}${perfRuns > 1 ? ` (performance runs ${performanceRuns.join(', ')})` : ''}`);
      for (const f of failing) console.log(`    ${f}`);
    }
  } finally {
    await chrome.kill();
    await server.stop();
    stopped = true;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const figures: Figure[] = results.map((r) => ({
    figure: `${r.path}: performance, accessibility, best practices, SEO`,
    value: categories.map((c) => r.scores[c]).join(' / '),
    goal: categories.map((c) => `≥ ${goals[c]}`).join(' / '),
    met: categories.every((c) => r.scores[c] >= goals[c]),
  }));
  const worst = (c: Category) => Math.min(...results.map((r) => r.scores[c]));
  figures.push(
    ...categories.map((c) => ({
      figure: `lowest ${c} score over ${results.length} pages`,
      value: `${worst(c)} (${results.find((r) => r.scores[c] === worst(c))?.path ?? '-'})`,
      goal: `≥ ${goals[c]}`,
      met: worst(c) >= goals[c],
    })),
  );
  report('lighthouse', `Lighthouse 12, mobile defaults (simulated throttling), performance the median of ${perfRuns} run(s)`, figures, [
    `Lighthouse ${perfRuns > 1 ? 'performance scores are medians' : 'scores are from one run'}; a busy machine lowers performance even with simulated throttling`,
  ]);
}

runBench('lighthouse', main);
