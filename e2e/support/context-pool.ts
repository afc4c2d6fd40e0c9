import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * A worker's browser contexts for its tests, kept between tests instead of closed, each with one
 * page of the site left open. Measured on a 2-core machine (10 loads of /deployments each): a
 * fresh context's first page cost 3.3–4.1 s of CPU, a page in a kept context beside its open page
 * 1.7 s: with `--process-per-site` (./chromium.ts) the new page joins the open page's renderer
 * process instead of starting one, and a renderer's start is most of that difference.
 *
 * A context goes back only as clean as a fresh one for the site: the test's pages closed (their
 * routes, init scripts and session storage with them), every cookie, permission and the site's
 * local storage cleared. A test that touched the context itself (`context()`), failed, or was
 * traced gives it up: the context is closed.
 */
export interface PooledContextOptions {
  baseURL: string;
  viewport: { width: number; height: number };
}

const idle = new Map<string, BrowserContext[]>();
const keepers = new WeakMap<BrowserContext, Page>();
/** Per kind of context: a test's own and its other people's. */
const idlePerKind = 3;

const kindOf = (o: PooledContextOptions) => `${o.baseURL} ${o.viewport.width}x${o.viewport.height}`;

/** A context of this kind: a kept one when there is one, else a new one with its page of the site. */
export async function takeContext(browser: Browser, options: PooledContextOptions): Promise<BrowserContext> {
  const kept = idle.get(kindOf(options))?.pop();
  if (kept) return kept;
  const context = await browser.newContext({ ...options, acceptDownloads: true });
  const keeper = await context.newPage();
  // a small file of the site: the page runs no app code, only holds the site's renderer process
  await keeper.goto(new URL('/favicon.svg', options.baseURL).href);
  keepers.set(context, keeper);
  context.on('close', () => {
    const list = idle.get(kindOf(options));
    const at = list?.indexOf(context) ?? -1;
    if (at >= 0) list?.splice(at, 1);
  });
  return context;
}

/** Whether the pool owns `context` (a file's clean-up leaves it for the next test). */
export const isPooled = (context: BrowserContext): boolean => keepers.has(context);

/** Puts a test's context back, cleared, or closes it when it may not be reused. */
export async function giveBack(context: BrowserContext, options: PooledContextOptions, reusable: boolean): Promise<void> {
  const keeper = keepers.get(context);
  const list = idle.get(kindOf(options)) ?? [];
  if (!reusable || !keeper || keeper.isClosed() || list.length >= idlePerKind) {
    await context.close().catch(() => undefined);
    return;
  }
  try {
    await Promise.all(context.pages().map((page) => (page === keeper ? undefined : page.close())));
    await context.clearCookies();
    await context.clearPermissions();
    await keeper.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  } catch {
    await context.close().catch(() => undefined);
    return;
  }
  list.push(context);
  idle.set(kindOf(options), list);
}

/** What a test may do with a kept context and still give it back: open and list pages. */
const harmless = new Set<PropertyKey>(['newPage', 'pages']);

/** The context as a test gets it, and whether the test did more with it than open pages (then it is not reused). */
export function watchContext(context: BrowserContext): { context: BrowserContext; touched: () => boolean } {
  let touched = false;
  const watched = new Proxy(context, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value === 'function' && !harmless.has(property)) touched = true;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { context: watched, touched: () => touched };
}
