import type { Locator, Page } from 'playwright-core';

/** The button inside `scope` (a list row, a form) named exactly `name`: Delete, Pay Now, Mark as Paid … */
export function buttonIn(scope: Locator, name: string): Locator {
  return scope.getByRole('button', { name, exact: true });
}

/** Waits for the app's confirm dialog, confirms with its action button (after Cancel), and returns the question. */
export async function confirmOpenDialog(page: Page): Promise<string> {
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.waitFor();
  const question = (await dialog.locator('.confirm-dialog-body').innerText()).trim();
  await dialog.locator('.dialog-actions button').last().click();
  await dialog.waitFor({ state: 'detached' });
  return question;
}

/**
 * What every page object shares: the page it drives. Subclasses declare their locators as readonly
 * fields (`readonly sidebar = this.testId('sidebar');`): field initialisers run after this
 * constructor has set `page`, and Playwright locators are lazy, so building them up front is free.
 * A locator built on another (`this.form.getByLabel(...)`) must be declared after it.
 */
export abstract class PageObject {
  constructor(protected readonly page: Page) {}

  /** Opens an address and waits until its page is live (a page the server rendered shows before it answers clicks). */
  protected async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await this.page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
  }

  /** the element on the page with this data-testid */
  protected testId(id: string): Locator {
    return this.page.getByTestId(id);
  }

  /** the app's confirm dialog (confirmAction), while it is open */
  get confirmDialog(): Locator {
    return this.page.getByTestId('confirm-dialog');
  }

  /** Clicks a button that asks in the app's confirm dialog, confirms, and returns the question. */
  async confirmAndClick(button: Locator): Promise<string> {
    await button.click();
    return confirmOpenDialog(this.page);
  }
}
