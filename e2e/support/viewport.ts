import type { Page } from 'playwright-core';

/** The window at this width once the sidebar has finished sliding away or back (a screenshot taken at once catches it half-way). */
export async function resizeAndSettle(page: Page, width: number, height = 900): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
}
