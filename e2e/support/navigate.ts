import type { Page } from 'playwright-core';
import { silentCheckTimeoutMs } from '../../renderer/auth/oidc-web';

/**
 * An app page waits for the session before it shows (the silent sign-in check, which gives up after
 * `silentCheckTimeoutMs`), so a move made just after a load may wait that long and then render.
 */
const newPageTimeoutMs = silentCheckTimeoutMs + 15_000;

/**
 * Moves to the next route the way a link does (history + popstate), so each check skips a full
 * load and the silent sign-in check. Every pathname change remounts the page (PageOutlet keys its
 * error boundary by pathname), so a fresh h1 shows the new page is there; two routes in a row must
 * not share a pathname. Already there: nothing to do.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  const moved = await page.evaluate((to) => {
    if (location.pathname + location.search + location.hash === to) return false;
    for (const h1 of document.querySelectorAll('h1')) h1.setAttribute('data-nav-seen', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    return true;
  }, path);
  if (!moved) return;
  try {
    await page.locator('h1:not([data-nav-seen])').first().waitFor({ state: 'visible', timeout: newPageTimeoutMs });
  } catch (error) {
    const shown = await page.evaluate(() => ({ at: location.href, h1: [...document.querySelectorAll('h1')].map((h) => h.textContent) }));
    throw new Error(`moving to ${path}: no new h1 within ${newPageTimeoutMs / 1000} s (at ${shown.at}, h1s: ${JSON.stringify(shown.h1)})`, { cause: error });
  }
}
