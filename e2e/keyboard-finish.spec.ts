import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../test/support/api-client';
import { AccountPage } from './pages/account';
import { AppShell, signInTo } from './pages/app-shell';
import { AdminDeploymentsPage } from './pages/admin-deployments';
import { DeploymentsPage } from './pages/deployments';
import { describeViolations, installAxe, runAxe, waitForSettled } from './support/axe';
import { announced, recordAnnouncements } from './support/announcements';
import { artifactsDir, useBrowser } from './support/browser';
import { confirmByKeyboard, describeFocus, focusBy, focusRing, isFocused, openCardByKeyboard } from './support/keyboard';
import { navigateInApp } from './support/navigate';
import { e2eUsers } from './support/users';

/**
 * Issue 45 item 6, keyboard only: the skip link, filters that keep the focus, downloads that keep
 * it, the terminal's way out, what the polite live region says, the app's confirm dialog and the
 * empty-filter message; axe on each screen, the confirm dialog open. E2E_SHOTS=1 keeps screenshots
 * (1440 and 375 px) of the confirm dialog and the Ping Dashboard in test-results/e2e/shots.
 */

const shotsDir = path.join(artifactsDir, 'shots');
async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SHOTS !== '1') return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

/** Waits until `target` has focus (never <body>), with a visible ring. */
async function expectFocusOn(page: Page, target: Locator, what: string): Promise<void> {
  await expect.poll(() => isFocused(target), { timeout: 10_000, message: `${what}: focus is on ${await describeFocus(page)}` }).toBe(true);
  expect(await focusRing(page), what).toBe('visible');
}

async function expectAnnounced(page: Page, pattern: RegExp, timeout = 10_000): Promise<void> {
  await expect.poll(async () => (await announced(page)).some((t) => pattern.test(t)), { timeout, message: `live region said ${JSON.stringify(await announced(page))}, not ${pattern}` }).toBe(true);
}

async function expectNoBlockingViolations(page: Page, where: string): Promise<void> {
  expect(describeViolations(where, await runAxe(page))).toEqual([]);
}

/** The first Tab of a fresh page reaches "Skip to content"; Enter puts the focus on the page's main content. */
async function skipToContent(page: Page, ready: Locator): Promise<void> {
  await page.reload();
  await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
  await ready.waitFor();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expectFocusOn(page, skip, 'the first Tab');
  expect((await skip.boundingBox())?.y ?? -1, 'the skip link shows once focused').toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('#main')), `the Tab after it: ${await describeFocus(page)}`).toBe(true);
}

const inTerminal = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('[data-testid="terminal-panel"]') && document.activeElement?.tagName === 'TEXTAREA');

describe('keyboard and screen-reader finish (issue 45, item 6)', () => {
  const browser = useBrowser({ viewport: { width: 1440, height: 900 } });
  const run = Date.now().toString(36);

  it('a deployment by keyboard: skip link, announced create, state, timeout, logs and delete; Logs and the terminal keep the focus on a control; the confirm dialog', async () => {
    const page = browser.page();
    await installAxe(browser.context());
    const deployments = await signInTo(page, e2eUsers.a11y, '/deployments', DeploymentsPage, (d) => d.typeCard('trial-vm'));
    await skipToContent(page, deployments.typeCard('trial-vm'));
    await recordAnnouncements(page);

    await openCardByKeyboard(page, deployments.typeCard('trial-vm').getByRole('button'), deployments.form);
    const name = `kb-finish-${run}`;
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    const row = deployments.row(name);
    await row.waitFor({ timeout: 30_000 });
    await expectAnnounced(page, new RegExp(`^Deployment ${name} created$`));
    await expectAnnounced(page, new RegExp(`^${name}: (installing|running)$`), 60_000);
    // the terminal a create opens closes itself once the install is done
    await deployments.terminalPanel(row).waitFor({ timeout: 60_000 });
    await deployments.terminalPanel(row).waitFor({ state: 'detached', timeout: 60_000 });

    // A new timeout from the countdown's menu is said.
    await focusBy(page, deployments.countdown(row), 'Tab', 120);
    await page.keyboard.press('Enter');
    const menu = row.getByRole('menu', { name: 'New timeout' });
    await menu.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    await expectAnnounced(page, /^New timeout: 1 hour from now$/);

    // Esc then Tab leaves the terminal for the next control, never <body>.
    const open = deployments.button(row, 'Open Terminal');
    await focusBy(page, open, 'Tab', 5);
    await page.keyboard.press('Enter');
    const panel = deployments.terminalPanel(row);
    await deployments.terminalOutput(row).filter({ hasText: '*** Connected ***' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => inTerminal(page), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expectFocusOn(page, row.getByRole('button', { name: 'Show provisioning output' }), 'Esc then Tab out of the terminal');
    // back in with Shift+Tab, then its documented way to Close
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => inTerminal(page), { timeout: 5_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Shift+Tab');
    await expectFocusOn(page, panel.getByRole('button', { name: 'Close' }), 'Esc then Shift+Tab');
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'detached' });
    await expectFocusOn(page, open, 'after Close');

    // Logs: the download keeps the focus on the button, and says when the file is ready.
    const logs = row.locator('.row-actions button', { hasText: /^(Logs|Downloading\.\.\.)$/ });
    await focusBy(page, logs, 'Tab', 5);
    await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    await expectAnnounced(page, new RegExp(`^Logs of ${name} ready$`));
    await expectFocusOn(page, deployments.button(row, 'Logs'), 'after the logs download');

    // The confirm dialog: focus inside (on Cancel), Escape cancels and gives the focus back to Delete.
    const remove = deployments.button(row, 'Delete');
    await focusBy(page, remove, 'Tab', 5);
    await page.keyboard.press('Enter');
    const dialog = deployments.confirmDialog;
    await dialog.waitFor();
    expect(await dialog.getAttribute('open')).not.toBeNull();
    await expectFocusOn(page, dialog.getByRole('button', { name: 'Cancel' }), 'the confirm dialog opens on Cancel');
    expect(await page.getByRole('dialog', { name: 'Delete deployment' }).getByText(`Delete the deployment "${name}"? All data on it will be destroyed. This cannot be undone.`).count()).toBe(1);
    // Tab stays inside the modal dialog
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="confirm-dialog"]')), await describeFocus(page)).toBe(true);
    await expectNoBlockingViolations(page, '/deployments, confirm dialog open');
    await shot(page, 'confirm-dialog-1440');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocusOn(page, remove, 'after Escape in the confirm dialog');
    expect(await row.count(), 'Escape deletes nothing').toBe(1);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await shot(page, 'confirm-dialog-375');
    await confirmByKeyboard(page, 'Delete deployment');
    await row.waitFor({ state: 'detached', timeout: 30_000 });
    await expectAnnounced(page, new RegExp(`^Deployment ${name} deleted$`));
    await expectFocusOn(page, page.getByRole('heading', { name: 'Your Deployments' }), 'after a confirmed Delete');

    // /teams: its landmarks have names of their own
    await page.setViewportSize({ width: 1440, height: 900 });
    await navigateInApp(page, '/teams');
    await waitForSettled(page);
    await expectNoBlockingViolations(page, '/teams');
    const landmarkNames = await page.evaluate(() => [...document.querySelectorAll('[role=region][aria-label], section[aria-label]')].map((el) => el.getAttribute('aria-label')));
    expect(new Set(landmarkNames).size).toBe(landmarkNames.length);
  }, 300_000);

  it('the Ping Dashboard by keyboard: the Status select and Enter in Version filter without losing the focus; Download CSV keeps it; an empty result says the filters match nothing', async () => {
    const server = { url: browser.baseUrl };
    for (let i = 0; i < 3; i++) {
      await api(server, '/api/ping', {
        method: 'POST',
        body: { version: '2.11.4', apps_count: 1, users_count: 2, deployment_id: createHash('sha256').update(`kb-finish-${run}-${i}`).digest('hex'), edition: 'server' },
      });
    }
    const page = browser.page();
    await installAxe(browser.context());
    await new AppShell(page).signIn(e2eUsers.admin, '/admin/pings');
    await page.getByTestId('ping-row').first().waitFor();
    await skipToContent(page, page.getByTestId('ping-row').first());
    await waitForSettled(page);
    await expectNoBlockingViolations(page, '/admin/pings');
    await shot(page, 'ping-dashboard-1440');

    // Each arrow applies the status at once (the address says so) and the select keeps the focus.
    const status = page.getByRole('combobox', { name: 'Status', exact: true });
    await focusBy(page, status);
    for (const expected of ['active', 'inactive']) {
      await page.keyboard.press('ArrowDown');
      await page.waitForURL((url) => url.searchParams.get('status') === expected);
      // the next arrow moves from what the select shows: wait until it shows the address's value
      await expect.poll(() => status.inputValue()).toBe(expected);
      await expectFocusOn(page, status, `after ArrowDown to ${expected}`);
    }
    for (const expected of ['active', null]) {
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => new URL(page.url()).searchParams.get('status'), { message: `select shows ${await status.inputValue()}` }).toBe(expected);
      await expect.poll(() => status.inputValue()).toBe(expected ?? '');
    }
    await expectFocusOn(page, status, 'back on Any status');

    // Typed filters wait for Enter (or Apply); Enter keeps the focus in the box.
    const version = page.getByRole('textbox', { name: 'Version', exact: true });
    await focusBy(page, version, 'Shift+Tab', 10);
    await page.keyboard.type('0.0.0-kb-none');
    expect(new URL(page.url()).searchParams.has('version'), 'typing alone applies nothing').toBe(false);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('version') === '0.0.0-kb-none');
    await page.getByRole('cell', { name: 'No installations match these filters.' }).waitFor();
    await expectFocusOn(page, version, 'after Enter in Version');
    expect(await version.inputValue()).toBe('0.0.0-kb-none');
    await shot(page, 'ping-dashboard-empty-filter-1440');

    // Download CSV: the button keeps the focus while and after it downloads.
    const download = page.getByRole('button', { name: 'Download CSV', exact: true });
    await focusBy(page, download);
    await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    await expectFocusOn(page, download, 'after Download CSV');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/admin/pings');
    await page.getByTestId('ping-row').first().waitFor();
    await waitForSettled(page);
    await expectNoBlockingViolations(page, '/admin/pings at 375 px');
    await shot(page, 'ping-dashboard-375');
  }, 180_000);

  it('the Deployment Dashboard by keyboard: Enter in the search keeps the focus; Delete asks in the confirm dialog, then says so and puts the focus on the page title', async () => {
    const name = `kb-admin-${run}`;
    const deployments = await signInTo(browser.page(), e2eUsers.a11y, '/deployments/type/trial-vm', DeploymentsPage, (d) => d.form);
    await deployments.createByEnter(name);
    await deployments.row(name).waitFor();
    await deployments.waitUntilIdle();

    const context = await browser.newContext({ width: 1440, height: 900 });
    await installAxe(context);
    const page = await context.newPage();
    const dashboard = await signInTo(page, e2eUsers.admin, '/dashboard', AdminDeploymentsPage, (d) => d.table);
    await recordAnnouncements(page);
    const search = page.getByRole('searchbox', { name: 'Search name, email, ID or IP' });
    await focusBy(page, search);
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.search.includes(name));
    await expect.poll(() => dashboard.rows.count()).toBe(1);
    await expectFocusOn(page, search, 'after Enter in the search');

    const remove = dashboard.rows.first().getByRole('button', { name: 'Delete', exact: true });
    await focusBy(page, remove);
    // A failed delete: the spec's words and the deployment's name in an alert above the table (no browser alert); Delete has the focus back.
    const dialogs: string[] = [];
    page.on('dialog', (d) => void d.dismiss().then(() => dialogs.push(d.message())));
    const deletePath = '**/api/admin/deployments/*';
    await page.route(deletePath, (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal error' }) }) : route.fallback(),
    );
    await page.keyboard.press('Enter');
    await confirmByKeyboard(page, 'Delete deployment');
    const failed = page.getByTestId('delete-failed');
    await failed.waitFor();
    expect(await failed.getAttribute('role')).toBe('alert');
    expect(await failed.innerText()).toBe(`Failed to delete deployment\nNot deleted: ${name}.`);
    await expectFocusOn(page, remove, 'after a failed admin Delete');
    expect(dialogs).toEqual([]);
    await page.unroute(deletePath);
    await page.keyboard.press('Enter');
    await dashboard.confirmDialog.waitFor();
    await expectNoBlockingViolations(page, '/dashboard, confirm dialog open');
    await confirmByKeyboard(page, 'Delete deployment');
    await dashboard.rows.first().waitFor({ state: 'detached', timeout: 15_000 });
    await expectAnnounced(page, new RegExp(`^Deployment ${name} deleted$`));
    await expectFocusOn(page, page.getByRole('heading', { level: 1, name: 'Deployment Dashboard' }), 'after an admin Delete');
  }, 180_000);

  it("revoking an API key by keyboard says so and puts the focus on the next key's Revoke, then (the last one gone) on the heading, never <body>", async () => {
    const page = browser.page();
    const account = await signInTo(page, e2eUsers.a11y, '/account', AccountPage, (a) => a.keysHeading);
    const [older, newer] = [`kb-key-a-${run}`, `kb-key-b-${run}`];
    await account.createKey(older);
    await account.createKey(newer);
    await recordAnnouncements(page);

    // Newest first: revoking the newer key leaves the focus on the older one's Revoke.
    await focusBy(page, account.revokeButton(newer));
    await page.keyboard.press('Enter');
    await confirmByKeyboard(page, 'Revoke API key');
    await account.keyRow(newer).waitFor({ state: 'detached', timeout: 15_000 });
    await expectAnnounced(page, new RegExp(`^API key ${newer} revoked$`));
    await expectFocusOn(page, account.revokeButton(older), 'after revoking an API key');

    // Enter again on the focused Revoke: the next key's Revoke (keys of earlier runs) or, with none left, the card's heading.
    await page.keyboard.press('Enter');
    await confirmByKeyboard(page, 'Revoke API key');
    await account.keyRow(older).waitFor({ state: 'detached', timeout: 15_000 });
    await expectAnnounced(page, new RegExp(`^API key ${older} revoked$`));
    await expect.poll(() => describeFocus(page), { timeout: 10_000 }).not.toBe('body');
    expect(await page.evaluate(() => document.activeElement?.matches('[data-action="revoke"]') || document.activeElement?.textContent === 'API keys'), await describeFocus(page)).toBe(true);
  }, 120_000);
});
