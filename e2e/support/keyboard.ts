import type { Locator, Page } from 'playwright-core';

/** Keyboard-only helpers shared by the keyboard specs: where focus is, moving it, and whether it shows. */

export const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses `key` until `target` has focus; fails if it takes more than `max` presses. */
export async function focusBy(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 80): Promise<number> {
  await target.waitFor();
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return presses;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target.toString()} in ${max} presses`);
}

/** Tab to a card's button and press Enter, then wait for the form it opens. */
export async function openCardByKeyboard(page: Page, card: Locator, form: Locator): Promise<void> {
  await focusBy(page, card);
  await page.keyboard.press('Enter');
  await form.waitFor();
}

/** What has focus, for messages: tag, name and test id. */
export const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"${el.closest('[data-testid]') ? ` in ${el.closest('[data-testid]')?.getAttribute('data-testid')}` : ''}`;
  });

/**
 * Whether the focused element shows a clear focus ring: a solid outline of 2 px or more (xterm's
 * input is an invisible textarea, so there the terminal panel carries the ring). Answers 'body'
 * when focus was lost, otherwise 'visible' or what the element looks like instead.
 */
export const focusRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const ringOf = (node: Element) => {
      const style = getComputedStyle(node);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    };
    const carrier = el.classList.contains('xterm-helper-textarea') ? el.closest('.terminal-panel') : el;
    if (!el.matches(':focus-visible')) return `${el.tagName.toLowerCase()} is focused without :focus-visible`;
    return carrier && ringOf(carrier) ? 'visible' : `${el.tagName.toLowerCase()} has no focus ring (outline ${getComputedStyle(carrier ?? el).outline})`;
  });

/** In the app's open confirm dialog: Tab from Cancel (where it opens) to the action button named `action`, then Enter. */
export async function confirmByKeyboard(page: Page, action: string): Promise<void> {
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor();
  await focusBy(page, dialog.getByRole('button', { name: action, exact: true }), 'Tab', 3);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
}
