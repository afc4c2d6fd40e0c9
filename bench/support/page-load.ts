/**
 * One cold page load in Chromium, measured: the scripts fetched (bytes transferred and as gzip would send
 * them), First and Largest Contentful Paint, Cumulative Layout Shift and Total Blocking Time, optionally with the CPU
 * throttled through CDP. Used by the renderer bench.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';

export interface ScriptLoad {
  /** path of the script on the server */
  path: string;
  transferred: number;
  gzip: number;
  body: Buffer;
  /** its fetch started before the first contentful paint: it is part of what the first paint waited for */
  beforeFirstPaint: boolean;
}

export interface PageLoad {
  fcp: number;
  lcp: number;
  lcpElement: string;
  /** Cumulative Layout Shift: layout shifts not caused by input, summed until the page settled */
  cls: number;
  /** sum over long tasks after FCP of their time beyond 50 ms, until the page settled */
  tbt: number;
  scripts: ScriptLoad[];
}

declare global {
  interface Window {
    __bench?: { lcp: number; lcpElement: string; cls: number; longTasks: { start: number; duration: number }[] };
  }
}

/** Runs before any page script: records LCP candidates and long tasks from the very start. */
const observers = () => {
  const bench = { lcp: NaN, lcpElement: '?', cls: 0, longTasks: [] as { start: number; duration: number }[] };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
      const el = e.element;
      bench.lcp = e.startTime;
      bench.lcpElement = el ? `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}` : '?';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) bench.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
};

export interface LoadOptions {
  /** CPU slow-down factor (1 = none) */
  cpuThrottle: number;
  /** waits for the page's main content once loaded */
  ready?: (page: Page) => Promise<void>;
  /** quiet time after `ready` for late chunks, fonts and LCP candidates */
  settleMs?: number;
}

export async function measurePageLoad(browser: Browser, url: string, o: LoadOptions): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(observers);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (o.cpuThrottle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: o.cpuThrottle });
    const scripts = new Map<string, { url: string; transferred?: number; body?: Buffer }>();
    const bodies: Promise<void>[] = [];
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.set(e.requestId, { url: e.response.url });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const s = scripts.get(e.requestId);
      if (!s) return;
      s.transferred = e.encodedDataLength;
      bodies.push(
        cdp.send('Network.getResponseBody', { requestId: e.requestId }).then((b) => {
          s.body = Buffer.from(b.body, b.base64Encoded ? 'base64' : 'utf8');
        }),
      );
    });

    await page.goto(url, { waitUntil: 'load' });
    await o.ready?.(page);
    await page.waitForTimeout(o.settleMs ?? 1500);
    await Promise.all(bodies);
    const m = await page.evaluate(() => ({
      bench: window.__bench,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      starts: performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, e.startTime] as const),
    }));
    const startOf = new Map(m.starts);
    const tbt = (m.bench?.longTasks ?? []).filter((t) => t.start + t.duration > m.fcp).reduce((sum, t) => sum + Math.max(0, t.duration - 50 - Math.max(0, m.fcp - t.start)), 0);
    return {
      fcp: m.fcp,
      lcp: m.bench?.lcp ?? NaN,
      lcpElement: m.bench?.lcpElement ?? '?',
      cls: m.bench?.cls ?? NaN,
      tbt,
      scripts: [...scripts.values()]
        .filter((s) => s.body)
        .map((s) => {
          const path = new URL(s.url).pathname;
          return {
            path,
            transferred: s.transferred ?? 0,
            gzip: gzipSync(s.body ?? Buffer.alloc(0), { level: 6 }).length,
            body: s.body ?? Buffer.alloc(0),
            beforeFirstPaint: (startOf.get(path) ?? Infinity) <= m.fcp,
          };
        }),
    };
  } finally {
    await context.close();
  }
}
