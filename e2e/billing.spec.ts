import { describe, expect, it } from 'vitest';
import { api } from '../test/support/api-client';
import { signIn } from '../test/support/sign-in';
import { AppShell } from './pages/app-shell';
import { ManageBalancePage } from './pages/admin-balances';
import { BalancePage, centsOf, LocalCheckoutPage } from './pages/balance';
import { useBrowser } from './support/browser';
import { e2eBaseUrl } from './support/workers';
import { e2eUsers } from './support/users';

describe('prepaid balance and billing', () => {
  const browser = useBrowser();

  it('a new user sees $4.00, adds $50 through the checkout, sees $54.00 count in, and finds a trial VM charge in the history', async () => {
    const page = browser.page();
    const shell = new AppShell(page);
    const balance = new BalancePage(page);
    const checkout = new LocalCheckoutPage(page);

    await shell.signIn(e2eUsers.billing, '/balance');
    await page.waitForURL((url) => url.pathname === '/balance');
    await balance.waitForAmount(balance.currentBalance, '$4.00');
    await balance.waitForAmount(balance.widgetAmount, '$4.00');
    expect(await page.getByText('$50 will be added to your balance').isVisible()).toBe(true);
    expect(await balance.runtimeLeft.textContent()).toBe('No running paid deployments');
    expect(await balance.rowWithAmount('+$4.00').textContent()).toContain('Free credit');
    expect(await balance.spendChart.getAttribute('aria-labelledby')).toBeTruthy();

    await balance.recordBalanceFigures();
    await balance.addFundsButton.click();
    await checkout.waitForOpen();
    expect(await checkout.amount.textContent()).toBe('$50.00');
    await checkout.payButton.click();

    await page.waitForURL((url) => url.pathname === '/balance' && url.searchParams.get('checkout') === 'success');
    await balance.checkoutNotice.waitFor();
    expect(await balance.checkoutNotice.getAttribute('data-outcome')).toBe('success');
    await balance.waitForAmount(balance.currentBalance, '$54.00');
    await balance.waitForAmount(balance.widgetAmount, '$54.00');
    // It counted up from the $4.00 the user left with, through figures in between.
    const figures = (await balance.recordedFigures()).filter((t) => /^\$/.test(t)).map(centsOf);
    expect(figures[0]).toBe(400);
    expect(figures[figures.length - 1]).toBe(5400);
    expect(figures.some((c) => c > 400 && c < 5400)).toBe(true);
    expect(await balance.rowWithAmount('+$50.00').textContent()).toContain('Funds added by card');

    // A trial VM created through the API with the same account: its first hour is charged at once.
    const baseUrl = e2eBaseUrl();
    const { accessToken } = await signIn({ url: baseUrl }, e2eUsers.billing.email, e2eUsers.billing.password);
    const created = await api({ url: baseUrl }, '/api/deployments', { method: 'POST', token: accessToken, body: { configId: 'trial_vm_hetzner', name: 'billing-e2e', timeoutMins: 60 } });
    expect(created.status).toBe(200);
    try {
      await page.goto('/balance');
      await balance.waitForAmount(balance.currentBalance, '$53.90');
      const charge = balance.rowWithAmount('-$0.10');
      await charge.waitFor();
      expect(await charge.textContent()).toContain('billing-e2e: hour 1');
      expect(await charge.locator('td.tx-balance').textContent()).toBe('$53.90');
      expect(await balance.runtimeLeft.textContent()).toBe('About 22 days 11 hours at $0.10/hr');
      expect(await balance.widget.getAttribute('title')).toContain('About 22 days 11 hours at $0.10/hr');
    } finally {
      await api({ url: baseUrl }, `/api/deployments/${(created.body as { id: string }).id}`, { method: 'DELETE', token: accessToken });
    }
  });

  it('shows the cancelled notice when the user backs out of the checkout, and adds nothing', async () => {
    const page = browser.page();
    const shell = new AppShell(page);
    const balance = new BalancePage(page);
    await shell.signIn(e2eUsers.billing, '/balance');
    const before = centsOf((await balance.currentBalance.filter({ hasText: /^\$/ }).textContent()) ?? '');
    await balance.addFundsButton.click();
    const checkout = new LocalCheckoutPage(page);
    await checkout.waitForOpen();
    await checkout.cancelButton.click();
    await page.waitForURL((url) => url.pathname === '/balance' && url.searchParams.get('checkout') === 'cancelled');
    expect(await balance.checkoutNotice.getAttribute('data-outcome')).toBe('cancelled');
    await balance.waitForAmount(balance.currentBalance, `$${(before / 100).toFixed(2)}`);
    await balance.checkoutNotice.getByRole('button', { name: 'Dismiss' }).click();
    await balance.checkoutNotice.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
  });

  it('an admin tops up another user by email: dollars rounded down, the user sees the new balance arrive', async () => {
    // billing2 signs in once (so the account exists) and keeps the Balance page open.
    const userContext = await browser.newContext();
    const userPage = await userContext.newPage();
    const userBalance = new BalancePage(userPage);
    await new AppShell(userPage).signIn(e2eUsers.billing2, '/balance');
    await userBalance.waitForAmount(userBalance.currentBalance, '$4.00');
    await userBalance.recordBalanceFigures();
    await userPage.reload();
    await userBalance.waitForAmount(userBalance.currentBalance, '$4.00');

    const page = browser.page();
    const admin = new ManageBalancePage(page);
    await new AppShell(page).signIn(e2eUsers.admin, '/admin/balances');
    expect(await admin.addBalanceButton.isDisabled()).toBe(true);

    await admin.topUp('nobody@e2e.test', '5');
    await admin.error.waitFor();
    expect(await admin.error.textContent()).toBe('No user with the email nobody@e2e.test');

    await admin.amount.fill('abc');
    await admin.addBalanceButton.click();
    expect(await admin.error.textContent()).toMatch(/greater than zero/);

    await admin.topUp(e2eUsers.billing2.email, '12.345');
    await admin.result.waitFor();
    expect(await admin.result.textContent()).toContain('Balance updated successfully');
    expect(await admin.newBalance.textContent()).toBe('$16.34');

    // Within one 10-second poll the user's page and widget animate to the new figure.
    await userBalance.waitForAmount(userBalance.currentBalance, '$16.34', 15_000);
    await userBalance.waitForAmount(userBalance.widgetAmount, '$16.34');
    const figures = (await userBalance.recordedFigures()).filter((t) => /^\$/.test(t)).map(centsOf);
    expect(figures.some((c) => c > 400 && c < 1634)).toBe(true);
    await userPage.reload();
    await userBalance.waitForAmount(userBalance.currentBalance, '$16.34');
    expect(await userBalance.rowWithAmount('+$12.34').textContent()).toContain('Balance added by an administrator');
  });

  it('keeps Manage User Balance from a user who is not an admin', async () => {
    const page = browser.page();
    await new AppShell(page).signIn(e2eUsers.billing2, '/admin/balances');
    await page.getByTestId('admin-only').getByText('This page is for administrators.').waitFor();
    expect(await page.getByRole('button', { name: 'Add Balance' }).count()).toBe(0);
  });
});
