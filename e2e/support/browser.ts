import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, onTestFailed } from 'vitest';
import { closeContexts, sharedBrowser } from './chromium';
import { giveBack, takeContext, watchContext, type PooledContextOptions } from './context-pool';
import { e2eBaseUrl } from './workers';

export const artifactsDir = path.resolve('test-results/e2e');

export interface BrowserHandle {
  baseUrl: string;
  page(): Page;
  context(): BrowserContext;
  /** a second, separate browser context (another person) */
  newContext(viewport?: { width: number; height: number }): Promise<BrowserContext>;
}

/** E2E_TRACE=1 records a Playwright trace of every test (kept for failures): it costs a tenth of the run's CPU. */
const tracing = process.env.E2E_TRACE === '1';

/**
 * The worker's Chromium (./chromium.ts), a context per test as clean as a fresh one (kept between tests: ./context-pool.ts). A failed test leaves a screenshot (and with
 * E2E_TRACE=1 a Playwright trace) in test-results/e2e.
 */
export function useBrowser(opts: { viewport?: { width: number; height: number } } = {}): BrowserHandle {
  const baseUrl = e2eBaseUrl();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const extra: { context: BrowserContext; kind: PooledContextOptions; touched: () => boolean }[] = [];

  const newContext = async (viewport = opts.viewport ?? { width: 1280, height: 800 }) => {
    const kind = { baseURL: baseUrl, viewport };
    const other = watchContext(await takeContext(browser, kind));
    extra.push({ ...other, kind });
    return other.context;
  };

  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    await closeContexts(browser);
  });
  const kind = { baseURL: baseUrl, viewport: opts.viewport ?? { width: 1280, height: 800 } };
  // a test that does more with the context than open pages may change what clearing does not undo (init scripts, routes)
  let watched: ReturnType<typeof watchContext>;

  beforeEach(async (ctx) => {
    context = await takeContext(browser, kind);
    watched = watchContext(context);
    if (tracing) await context.tracing.start({ screenshots: true, snapshots: true });
    page = await context.newPage();
    onTestFailed(async () => {
      fs.mkdirSync(artifactsDir, { recursive: true });
      const name = ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
      await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true }).catch(() => undefined);
      if (tracing) await context.tracing.stop({ path: path.join(artifactsDir, `${name}.trace.zip`) }).catch(() => undefined);
      // CI keeps only what is printed: where the page stood and what it said.
      const text = await page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch(() => '(no text)');
      process.stdout.write(`e2e failure artifacts: ${path.join(artifactsDir, name)}${tracing ? '.{png,trace.zip}' : '.png'}\npage ${page.url()} said:\n${text.slice(0, 2_000)}\n`);
    });
  });
  afterEach(async (ctx) => {
    if (tracing) await context.tracing.stop().catch(() => undefined);
    await giveBack(context, kind, !watched.touched() && !tracing && ctx.task.result?.state !== 'fail');
    for (const e of extra.splice(0)) await giveBack(e.context, e.kind, !e.touched() && ctx.task.result?.state !== 'fail');
  });

  return {
    baseUrl,
    page: () => page,
    context: () => watched.context,
    newContext,
  };
}
