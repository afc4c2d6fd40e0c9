import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppShell, signInTo } from './pages/app-shell';
import { DeploymentsPage } from './pages/deployments';
import { LicensesPage } from './pages/licenses';
import { NotificationBell } from './pages/notifications';
import { describeViolations, installAxe, runAxe } from './support/axe';
import { useBrowser } from './support/browser';
import { confirmByKeyboard, describeFocus, focusBy, focusRing, isFocused, openCardByKeyboard } from './support/keyboard';
import { e2eUsers } from './support/users';

/**
 * Where focus goes, keyboard only: it is always visible, never lost to <body>, returned to the
 * control that opened a dialog or menu, and moved somewhere meaningful when the focused control
 * goes away (a created or deleted item, a closed terminal, a followed link). The terminal has a
 * documented way out (Esc then Tab) and the 375 px drawer is a focus-managed dialog.
 */

/** Waits until `target` has focus, then checks it shows a focus ring. */
async function expectFocusOn(page: Page, target: Locator, what: string): Promise<void> {
  await expect.poll(() => isFocused(target), { timeout: 10_000, message: `${what}: focus is on ${await describeFocus(page)}` }).toBe(true);
  expect(await focusRing(page), what).toBe('visible');
}

/** Presses a key and checks focus is still shown and not lost to <body>. */
async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  expect(await focusRing(page), `after ${key}: ${await describeFocus(page)}`).toBe('visible');
}

const inTerminal = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('[data-testid="terminal-panel"]') && document.activeElement?.tagName === 'TEXTAREA');

describe('keyboard focus on the app pages', () => {
  const browser = useBrowser();
  const run = Date.now().toString(36);

  it('a deployment by keyboard alone: create, edit version, countdown menu, terminal in and out, delete; focus always visible and given back', async () => {
    const page = browser.page();
    const deployments = await signInTo(page, e2eUsers.keyboard, '/deployments', DeploymentsPage, (d) => d.typeCard('trial-vm'));
    await openCardByKeyboard(page, deployments.typeCard('trial-vm').getByRole('button'), deployments.form);
    const name = `kb-focus-${run}`;
    await page.keyboard.type(name);
    expect(await focusRing(page), 'the name field').toBe('visible');

    // Create: the button under the focus empties with the form; the new row's name takes the focus.
    await focusBy(page, deployments.submitButton);
    await page.keyboard.press('Enter');
    const row = deployments.row(name);
    const rowName = row.getByRole('heading', { name, exact: true });
    await expectFocusOn(page, rowName, 'after Create Trial VM');

    // The terminal that opens by itself after a create leaves the focus where it is, and closing itself too.
    await deployments.terminalPanel(row).waitFor({ timeout: 60_000 });
    expect(await isFocused(rowName), await describeFocus(page)).toBe(true);
    await deployments.terminalPanel(row).waitFor({ state: 'detached', timeout: 60_000 });
    expect(await isFocused(rowName), await describeFocus(page)).toBe(true);

    // Edit Version: the dialog takes focus; Escape gives it back to the badge, and so does Update Version.
    const badge = deployments.versionBadge(row);
    await focusBy(page, badge, 'Tab', 5);
    await press(page, 'Enter');
    await deployments.versionDialog.waitFor();
    const inDialog = () => page.evaluate(() => !!document.activeElement?.closest('[data-testid="edit-version-dialog"]'));
    expect(await inDialog(), await describeFocus(page)).toBe(true);
    await page.keyboard.press('Escape');
    await deployments.versionDialog.waitFor({ state: 'detached' });
    await expectFocusOn(page, badge, 'after Escape from Edit Version');
    await page.keyboard.press('Enter');
    await deployments.versionDialog.waitFor();
    await focusBy(page, deployments.versionDialog.getByRole('button', { name: 'Update Version' }), 'Tab', 5);
    await page.keyboard.press('Enter');
    await deployments.versionDialog.waitFor({ state: 'detached' });
    await expectFocusOn(page, badge, 'after Update Version');

    // The countdown: named without its ticking seconds; a menu with the arrow keys of its role.
    const countdown = deployments.countdown(row);
    await focusBy(page, countdown, 'Tab', 5);
    // The button's name is its screen-reader sentence; the ticking time beside it is hidden from the accessibility tree.
    expect(await countdown.locator('.visually-hidden').textContent()).toMatch(/^Auto-termination: (in (\d+ (day|hour|minute)s? ?)+|never expires)$/);
    await press(page, 'Enter');
    const menu = row.getByRole('menu', { name: 'New timeout' });
    await menu.waitFor();
    const item = (label: string) => menu.getByRole('menuitem', { name: label, exact: true });
    await expectFocusOn(page, item('Run Forever'), 'the countdown menu opens on its first item');
    await press(page, 'ArrowDown');
    expect(await isFocused(item('1 hour')), await describeFocus(page)).toBe(true);
    await press(page, 'End');
    expect(await isFocused(item('30 days')), await describeFocus(page)).toBe(true);
    await press(page, 'ArrowDown');
    expect(await isFocused(item('Run Forever')), 'Down from the last wraps to the first').toBe(true);
    await press(page, 'ArrowUp');
    expect(await isFocused(item('30 days')), 'Up from the first wraps to the last').toBe(true);
    await press(page, 'Home');
    expect(await isFocused(item('Run Forever')), await describeFocus(page)).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expectFocusOn(page, countdown, 'after Escape from the countdown menu');
    // ArrowUp on the button opens on the last item; a choice closes the menu and focus stays on the button.
    await page.keyboard.press('ArrowUp');
    await expectFocusOn(page, item('30 days'), 'ArrowUp opens on the last item');
    for (const key of ['Home', 'ArrowDown', 'ArrowDown', 'ArrowDown']) await press(page, key);
    expect(await isFocused(item('4 hours')), await describeFocus(page)).toBe(true);
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    await expectFocusOn(page, countdown, 'after a countdown choice');
    await expect.poll(() => countdown.getByTestId('countdown-time').textContent(), { timeout: 10_000 }).toMatch(/^(3h 59m|4h 0m) \d+s remaining$/);

    // The terminal: Tab stays inside (completion); Esc then Shift+Tab reaches Close, Esc then Tab in fullscreen its header.
    const open = deployments.button(row, 'Open Terminal');
    await focusBy(page, open, 'Tab', 5);
    await page.keyboard.press('Enter');
    const panel = deployments.terminalPanel(row);
    await deployments.terminalOutput(row).filter({ hasText: '*** Connected ***' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => inTerminal(page), { timeout: 10_000 }).toBe(true);
    expect(await focusRing(page), 'the terminal shows it has the keyboard').toBe('visible');
    const hint = await page.evaluate(() => document.getElementById(document.activeElement?.getAttribute('aria-describedby') ?? '')?.textContent);
    expect(hint).toBe('Press Esc then Tab to leave the terminal, Esc then Shift+Tab to reach Close.');
    expect(await panel.getByTestId('terminal-hint').isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await inTerminal(page), 'plain Tab stays in the terminal').toBe(true);

    await page.keyboard.press('Escape');
    await page.keyboard.press('Shift+Tab');
    await expectFocusOn(page, deployments.button(panel, 'Close'), 'Esc then Shift+Tab');
    await press(page, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await panel.and(page.locator('.is-fullscreen')).waitFor();
    await expect.poll(() => inTerminal(page), { timeout: 5_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expectFocusOn(page, deployments.button(panel, 'Exit Fullscreen'), 'Esc then Tab in fullscreen');
    await page.keyboard.press('Enter');
    await expect.poll(() => inTerminal(page), { timeout: 5_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Shift+Tab');
    await expectFocusOn(page, deployments.button(panel, 'Close'), 'Esc then Shift+Tab after fullscreen');
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'detached' });
    await expectFocusOn(page, open, 'after Close: back on Open Terminal');

    // Delete, confirmed: the row goes, focus lands on the list's heading.
    await focusBy(page, deployments.button(row, 'Delete'), 'Tab', 5);
    await page.keyboard.press('Enter');
    await confirmByKeyboard(page, 'Delete deployment');
    await row.waitFor({ state: 'detached', timeout: 30_000 });
    await expectFocusOn(page, page.getByRole('heading', { name: 'Your Deployments' }), 'after a confirmed Delete');
  }, 180_000);

  it('a community license by keyboard: after Create the new license has focus, after Delete the list heading', async () => {
    const page = browser.page();
    const licenses = await signInTo(page, e2eUsers.keyboard, '/licenses', LicensesPage, (l) => l.card('community'));
    await openCardByKeyboard(page, licenses.card('community').getByRole('button'), licenses.form);
    const organization = `Keyboard Focus ${run}`;
    await focusBy(page, licenses.organization);
    await page.keyboard.type(organization);
    expect(await focusRing(page), 'the organization field').toBe('visible');
    for (const label of ['My organization has under $10M in annual revenue', 'My organization has under 250 employees']) {
      await focusBy(page, licenses.form.getByLabel(label));
      await press(page, 'Space');
    }
    await focusBy(page, licenses.createButton);
    await page.keyboard.press('Enter');
    const row = licenses.rowsOf(organization).first();
    await expectFocusOn(page, row.getByRole('heading'), 'after Create License');

    await focusBy(page, licenses.button(row, 'Delete'), 'Tab', 10);
    await page.keyboard.press('Enter');
    await confirmByKeyboard(page, 'Delete license');
    await row.waitFor({ state: 'detached' });
    await expectFocusOn(page, page.getByRole('heading', { name: 'Your Licenses' }), 'after a confirmed license Delete');
  });

  it('the bell: its panel closes when Tab leaves it, and Escape closes it and returns focus to the bell', async () => {
    const page = browser.page();
    await new AppShell(page).signIn(e2eUsers.keyboard, '/home');
    const bell = new NotificationBell(page);
    await focusBy(page, bell.button);
    await press(page, 'Enter');
    await bell.panel.waitFor();
    expect(await bell.button.getAttribute('aria-expanded')).toBe('true');
    await press(page, 'Tab');
    expect(await isFocused(bell.markAllRead), `Tab goes into the panel: ${await describeFocus(page)}`).toBe(true);
    // Past the panel's last control focus leaves it, and the panel closes.
    for (let i = 0; i < 20 && (await page.evaluate(() => !!document.activeElement?.closest('#notification-panel'))); i++) await press(page, 'Tab');
    await bell.panel.waitFor({ state: 'detached' });
    expect(await bell.button.getAttribute('aria-expanded')).toBe('false');

    await focusBy(page, bell.button, 'Shift+Tab', 10);
    await page.keyboard.press('Enter');
    await bell.panel.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await bell.panel.waitFor({ state: 'detached' });
    await expectFocusOn(page, bell.button, 'after Escape in the bell panel');
  });
});

describe('keyboard focus in the 375 px drawer', () => {
  const browser = useBrowser({ viewport: { width: 375, height: 740 } });

  it('the drawer opens beside its toggle, takes focus, keeps it in, closes on Escape back to the toggle, and a link lands on the new page title', async () => {
    const page = browser.page();
    await installAxe(browser.context());
    const shell = new AppShell(page);
    await shell.signIn(e2eUsers.keyboard, '/deployments');
    await shell.pageTitle.waitFor();
    await focusBy(page, shell.menuToggle);
    await press(page, 'Enter');
    await shell.sidebar.waitFor({ state: 'visible' });

    // The drawer does not cover its own toggle: the toggle is still what a click at its centre hits.
    const hit = await shell.menuToggle.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    });
    expect(hit, 'the toggle is not under the drawer').toBe(true);
    expect(await shell.sidebar.getAttribute('role')).toBe('dialog');
    expect(await page.locator('#main').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    await page.waitForTimeout(300); // the slide-in, so the contrast check sees the drawer at rest
    expect(describeViolations('the open drawer', await runAxe(page))).toEqual([]);

    // Focus is in the drawer, and Tab and Shift+Tab stay among the drawer's links and its toggle.
    const inDrawerOrToggle = () => page.evaluate(() => !!document.activeElement?.closest('#sidebar, [data-testid="menu-toggle"]'));
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('#sidebar')), { timeout: 5_000 }).toBe(true);
    expect(await focusRing(page), 'the first drawer link').toBe('visible');
    for (const key of [...Array<string>(14).fill('Tab'), ...Array<string>(6).fill('Shift+Tab')]) {
      await press(page, key);
      expect(await inDrawerOrToggle(), `${key} → ${await describeFocus(page)}`).toBe(true);
    }

    await page.keyboard.press('Escape');
    await shell.sidebar.waitFor({ state: 'hidden' });
    await expectFocusOn(page, shell.menuToggle, 'after Escape from the drawer');
    expect(await page.locator('#main').evaluate((el) => (el as HTMLElement).inert)).toBe(false);

    // Follow a link from the drawer: the drawer closes and the new page's title has focus.
    await page.keyboard.press('Enter');
    await shell.sidebar.waitFor({ state: 'visible' });
    await focusBy(page, shell.sidebar.getByRole('link', { name: 'Licenses' }), 'Tab', 20);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/licenses$/);
    await shell.sidebar.waitFor({ state: 'hidden' });
    await expectFocusOn(page, shell.pageTitle.filter({ hasText: 'Licenses' }), 'after a drawer link');
  });
});
