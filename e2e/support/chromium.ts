import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { isPooled } from './context-pool';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep Chromium from reaching for the network this machine does not have. */
export const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function assertChromium(): void {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: install it with "apt-get update && apt-get install -y chromium" (or set CHROMIUM_PATH).`);
  }
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * The e2e worker's one Chromium: its spec files run one after another in one process (the e2e config
 * does not isolate them), each in its own contexts, so Chromium starts once per worker rather than
 * once per file. Playwright ends it when the worker process exits; a browser that went away (a
 * crash) is started again for the next file.
 */
export function sharedBrowser(): Promise<Browser> {
  // one renderer process per site in a context: a test's pages join its kept context's page of the site (./context-pool.ts)
  workerBrowser ??= chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, '--process-per-site'] }).then((browser) => {
    browser.on('disconnected', () => {
      workerBrowser = undefined;
    });
    return browser;
  });
  return workerBrowser;
}

/** Closes what a spec file opened in the shared browser (its contexts), leaving the browser and the kept contexts (./context-pool.ts) for the next file. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).filter((c) => !isPooled(c)).map((c) => c.close().catch(() => undefined)));
}
