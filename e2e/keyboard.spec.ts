import { describe, expect, it } from 'vitest';
import { signInTo } from './pages/app-shell';
import { DeploymentsPage } from './pages/deployments';
import { LicensesPage } from './pages/licenses';
import { useBrowser } from './support/browser';
import { confirmByKeyboard, describeFocus, focusBy, isFocused, openCardByKeyboard } from './support/keyboard';
import { e2eUsers } from './support/users';

/**
 * Keyboard only after sign-in: Tab, Shift+Tab, Enter, Space, Escape and arrow keys. Each journey
 * proves every control it needs is reachable and usable without a pointer, and that focus is never
 * lost to <body> or trapped.
 */

describe('keyboard-only journeys', () => {
  const browser = useBrowser();
  const run = Date.now().toString(36);

  it('creates a trial VM: Tab to the card, Enter, type, pick a timeout with the arrows, open Advanced Options with Space, submit with Enter', async () => {
    const page = browser.page();
    const deployments = await signInTo(page, e2eUsers.keyboard, '/deployments', DeploymentsPage, (d) => d.typeCard('trial-vm'));
    await openCardByKeyboard(page, deployments.typeCard('trial-vm').getByRole('button'), deployments.form);
    expect(new URL(page.url()).pathname).toBe('/deployments/type/trial-vm');
    // The form takes focus in its name field, so typing can start at once.
    expect(await isFocused(deployments.nameInput), await describeFocus(page)).toBe(true);

    const name = `kb-vm-${run}`;
    await page.keyboard.type(name);
    const timeout = deployments.form.getByTestId('create-timeout');
    await focusBy(page, timeout);
    const before = await timeout.inputValue();
    await page.keyboard.press('ArrowDown');
    expect(await timeout.inputValue()).not.toBe(before);

    const advanced = deployments.form.getByRole('button', { name: 'Advanced Options' });
    await focusBy(page, advanced);
    await page.keyboard.press('Space');
    expect(await advanced.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await isFocused(deployments.form.getByTestId('create-version')), await describeFocus(page)).toBe(true);

    // Back up to the name with Shift+Tab, then Enter submits the form.
    await focusBy(page, deployments.nameInput, 'Shift+Tab', 10);
    await focusBy(page, deployments.submitButton);
    await page.keyboard.press('Enter');
    const row = deployments.row(name);
    await row.waitFor({ timeout: 30_000 });

    // The new row's controls are reachable too: Delete by keyboard, confirmed in the app's dialog.
    const remove = deployments.button(row, 'Delete');
    await focusBy(page, remove, 'Tab', 120);
    await page.keyboard.press('Enter');
    await confirmByKeyboard(page, 'Delete deployment');
  }, 90_000);

  it('creates a community license: Tab to the card, Enter, type the organization, Space on the confirmations, Enter on Create', async () => {
    const page = browser.page();
    const licenses = await signInTo(page, e2eUsers.keyboard, '/licenses', LicensesPage, (l) => l.card('community'));
    const card = licenses.card('community').getByRole('button');
    await openCardByKeyboard(page, card, licenses.form);
    expect(await card.getAttribute('aria-pressed')).toBe('true');

    const organization = `Keyboard Community ${run}`;
    await focusBy(page, licenses.organization);
    await page.keyboard.type(organization);
    for (const label of ['My organization has under $10M in annual revenue', 'My organization has under 250 employees']) {
      const box = licenses.form.getByLabel(label);
      await focusBy(page, box);
      await page.keyboard.press('Space');
      expect(await box.isChecked()).toBe(true);
    }
    await focusBy(page, licenses.createButton);
    await page.keyboard.press('Enter');
    const row = licenses.rowsOf(organization).first();
    await row.waitFor();
    expect(await licenses.status(row).textContent()).toBe('ACTIVE');
  });

  it('pays for Enterprise Pro: Pay Now by Enter, focus moves into the modal and stays there, Escape closes it and focus returns to Pay Now', async () => {
    const page = browser.page();
    const licenses = await signInTo(page, e2eUsers.keyboard, '/licenses', LicensesPage, (l) => l.card('enterprise'));
    await openCardByKeyboard(page, licenses.card('enterprise').getByRole('button'), licenses.form);

    const organization = `Keyboard Enterprise ${run}`;
    await focusBy(page, licenses.organization);
    await page.keyboard.type(organization);
    // The terms are a focusable scroll region: the arrow keys scroll it.
    await focusBy(page, licenses.terms);
    const top = await licenses.terms.evaluate((el) => el.scrollTop);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction((start) => (document.querySelector('[data-testid="license-terms"]')?.scrollTop ?? 0) > start, top);
    await focusBy(page, licenses.acceptTerms);
    await page.keyboard.press('Space');
    await focusBy(page, licenses.createButton);
    await page.keyboard.press('Enter');

    const row = licenses.rowsOf(organization).first();
    await row.waitFor();
    const payNow = licenses.button(row, 'Pay Now');
    await focusBy(page, payNow, 'Tab', 120);
    await page.keyboard.press('Enter');
    await licenses.paymentModal.waitFor();

    const inModal = () => page.evaluate(() => !!document.activeElement?.closest('[data-testid="payment-modal"]'));
    expect(await inModal(), await describeFocus(page)).toBe(true);
    // Tab and Shift+Tab cycle inside the modal; the page behind is inert.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      const where = await describeFocus(page);
      // Past the last control Chromium may hand focus to its own UI (body here); never to the page.
      if (where !== 'body') expect(await inModal(), `${key} → ${where}`).toBe(true);
    }

    // Bank Transfer by keyboard, then Escape from inside the details.
    const bank = licenses.paymentModal.getByRole('button', { name: /Bank Transfer/ });
    await focusBy(page, bank, 'Tab', 10);
    await page.keyboard.press('Enter');
    await licenses.wireReference.waitFor();
    expect(await inModal(), await describeFocus(page)).toBe(true);
    await page.keyboard.press('Escape');
    await licenses.paymentModal.waitFor({ state: 'detached' });
    expect(await isFocused(payNow), await describeFocus(page)).toBe(true);

    // Open again with Space and close with Escape straight away.
    await page.keyboard.press('Space');
    await licenses.paymentModal.waitFor();
    await page.keyboard.press('Escape');
    await licenses.paymentModal.waitFor({ state: 'detached' });
    expect(await isFocused(payNow), await describeFocus(page)).toBe(true);
  });
});
