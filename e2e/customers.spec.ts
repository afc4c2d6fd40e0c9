import { describe, expect, it } from 'vitest';
import { formatCents } from '../shared/api/billing';
import { api } from '../test/support/api-client';
import { signIn } from '../test/support/sign-in';
import { CustomersPage } from './pages/admin-customers';
import { AppShell } from './pages/app-shell';
import { NotificationBell, SentMailPage } from './pages/notifications';
import { useBrowser } from './support/browser';
import { e2eBaseUrl } from './support/workers';
import { e2eUsers } from './support/users';

describe('customers (admin)', () => {
  const browser = useBrowser();

  it('an admin searches a customer, opens their page, tops up with a reason after seeing the balance before and after, and the customer finds the notice in the bell', async () => {
    // The account must exist (have called the API once) to be found.
    const baseUrl = e2eBaseUrl();
    const { accessToken } = await signIn({ url: baseUrl }, e2eUsers.customer.email, e2eUsers.customer.password);
    const start = (await api({ url: baseUrl }, '/api/balance', { token: accessToken })).body as { balance_cents: number };

    const page = browser.page();
    const shell = new AppShell(page);
    await shell.signIn(e2eUsers.admin, '/home');
    await shell.adminSection.getByRole('link', { name: 'Customers' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/customers');
    const customers = new CustomersPage(page);
    await customers.find('maximilian.customer');
    await page.waitForURL((url) => url.searchParams.get('search') === 'maximilian.customer');
    await customers.resultLink(e2eUsers.customer.email).click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin/customers/id/'));
    await customers.email.filter({ hasText: e2eUsers.customer.email }).waitFor();
    expect(await customers.balance.textContent()).toContain(formatCents(start.balance_cents));
    // The maximum arrives with the admin config after the page: wait for it rather than read the placeholder.
    await customers.topupMax.filter({ hasText: 'At most $5,000.00 per top-up.' }).waitFor();

    const reason = 'Refund for the outage on Nov 3';
    await customers.topUp('12.50', reason);
    await customers.confirm.waitFor();
    expect(await customers.confirmBefore.textContent()).toBe(formatCents(start.balance_cents));
    expect(await customers.confirmAfter.textContent()).toBe(formatCents(start.balance_cents + 1250));
    expect(await customers.confirm.textContent()).toContain(reason);
    await customers.confirmButton.click();
    await customers.result.or(customers.error).waitFor();
    expect((await customers.error.isVisible()) ? await customers.error.textContent() : 'topped up').toBe('topped up');
    expect(await customers.newBalance.textContent()).toBe(formatCents(start.balance_cents + 1250));
    await customers.balance.filter({ hasText: formatCents(start.balance_cents + 1250) }).waitFor();
    const firstEntry = customers.ledger.locator('tbody tr').first();
    await firstEntry.filter({ hasText: reason }).waitFor();
    expect(await firstEntry.textContent()).toContain(`Balance added by an administrator: ${reason}`);

    // The customer signs in and reads the notice in the bell.
    const userContext = await browser.newContext();
    const userPage = await userContext.newPage();
    await new AppShell(userPage).signIn(e2eUsers.customer, '/home');
    const bell = new NotificationBell(userPage);
    await bell.count.waitFor();
    await bell.button.click();
    await bell.panel.getByText('$12.50 added to your balance').waitFor();
    expect(await bell.panel.textContent()).toContain(`An administrator added $12.50 to your balance: ${reason}. Your balance is now ${formatCents(start.balance_cents + 1250)}.`);
  });

  it('the e-mail on Sent Mail leads to that customer’s page', async () => {
    const page = browser.page();
    const shell = new AppShell(page);
    await shell.signIn(e2eUsers.admin, '/admin/mail');
    const mail = new SentMailPage(page).mailTo(e2eUsers.customer.email, '$12.50 added to your balance');
    await mail.getByText('$12.50 added to your balance').click();
    await mail.getByRole('link', { name: e2eUsers.customer.email }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin/customers/id/'));
    await new CustomersPage(page).email.filter({ hasText: e2eUsers.customer.email }).waitFor();
  });
});
