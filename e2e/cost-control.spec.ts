/**
 * Cost control (issue 46) as a person meets it: they set a monthly spend limit of $0.10 on Balance,
 * start a trial VM (its first hour, $0.10, is the whole limit) and see its cost so far on its row;
 * the bell says the limit is reached; the next create is refused with the figures; the running VM
 * keeps running; Balance breaks the spend down by deployment.
 */
import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/app-shell';
import { DeploymentsPage } from './pages/deployments';
import { NotificationBell } from './pages/notifications';
import { useBrowser } from './support/browser';
import { e2eUsers } from './support/users';
import { resizeAndSettle } from './support/viewport';

const shots = process.env.E2E_SHOTS_DIR;

describe('cost control', () => {
  const browser = useBrowser();

  it('sets a spend limit, sees the notice at 100% and the refusal of the create that would cross it', async () => {
    const page = browser.page();
    const shell = new AppShell(page);
    await shell.signIn(e2eUsers.spender, '/balance');
    await page.waitForURL((url) => url.pathname === '/balance');

    const card = page.getByTestId('spend-limit');
    await card.getByText('No limit.').waitFor();
    await card.getByLabel('Limit in dollars per month').fill('0.10');
    await card.getByRole('button', { name: 'Set limit' }).click();
    await card.getByTestId('spend-limit-status').filter({ hasText: '$0.00 of $0.10 spent this month (0%)' }).waitFor();

    const deployments = new DeploymentsPage(page);
    await deployments.open();
    await deployments.chooseType('trial-vm');
    await deployments.createByEnter('within-limit');
    const row = deployments.row('within-limit');
    await row.waitFor({ timeout: 60_000 });
    await row.getByTestId('deployment-cost').filter({ hasText: '$0.10 so far' }).waitFor();
    if (shots) {
      for (const width of [375, 1440]) {
        await resizeAndSettle(page, width);
        await row.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/deployments-cost-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    // The check job runs every 3 s in the end-to-end server: the bell tells of the limit reached.
    const bell = new NotificationBell(page);
    await bell.find('Monthly spend limit reached');
    expect(await bell.panel.textContent()).toContain('at your monthly spend limit of $0.10');
    await page.keyboard.press('Escape');

    await deployments.waitUntilIdle();
    await deployments.createByEnter('past-limit');
    const error = deployments.form.getByTestId('create-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(
      "This deployment would take this month's spend to $0.20, past your monthly spend limit of $0.10: $0.10 spent so far this month and its first hour costs $0.10. Raise or remove the limit on the Balance page to create it.",
    );
    expect(await deployments.row('past-limit').count()).toBe(0);
    expect(await row.getAttribute('data-status')).not.toBe('deleted');

    await page.goto('/balance');
    await card.getByTestId('spend-limit-status').filter({ hasText: '$0.10 of $0.10 spent this month (100%)' }).waitFor();
    const breakdown = page.getByTestId('spend-breakdown');
    await breakdown.getByTestId('spend-breakdown-row').filter({ hasText: 'within-limit' }).filter({ hasText: '$0.10' }).waitFor();
    if (shots) {
      for (const width of [375, 1440]) {
        await resizeAndSettle(page, width);
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/balance-spend-limit-${width}.png` });
      }
    }
  }, 180_000);
});
