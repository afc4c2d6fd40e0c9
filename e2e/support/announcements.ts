import type { Page } from 'playwright-core';

/** Keeps every text the live region takes, in order (each replaces the last in the page). */
export async function recordAnnouncements(page: Page): Promise<void> {
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="live-region"]')?.textContent ?? '';
      if (text && said[said.length - 1] !== text) said.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** What the live region said since `recordAnnouncements`. */
export const announced = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { said: string[] }).said);
