import { describe, expect, it } from 'vitest';
import { api } from '../test/support/api-client';
import { signIn } from '../test/support/sign-in';
import { formatDate } from '../shared/format/dates';
import { LicensesPage } from './pages/licenses';
import { NotificationBell } from './pages/notifications';
import { signInTo } from './pages/app-shell';
import { useBrowser } from './support/browser';
import { e2eUsers } from './support/users';
import { e2eBaseUrl } from './support/workers';

const weekMs = 7 * 86_400_000;

/**
 * Renew (issue 30): a customer whose enterprise licence ends within 30 days renews it from the
 * Licenses page, pays on the local checkout page, and sees the new licence's end and the notice.
 */
describe('licence renewal', () => {
  const browser = useBrowser();
  const run = Date.now().toString(36);

  it('renews an enterprise licence ending in 3 weeks: Renew, pay, the new expiry and the notice', async () => {
    const baseUrl = e2eBaseUrl();
    const org = `Renewal Customer ${run}`;
    // An administrator issued it for 3 weeks, before the customer first signed in (linked at sign-in).
    const { accessToken } = await signIn({ url: baseUrl }, e2eUsers.admin.email, e2eUsers.admin.password);
    const issued = await api({ url: baseUrl }, '/api/admin/licenses/create', {
      method: 'POST',
      token: accessToken,
      body: { email: e2eUsers.renewer.email, organization_name: org, users_limit: 20, support_level: 'email', duration_weeks: 3, confirmUnknownEmail: true },
    });
    expect(issued.status).toBe(201);
    const old = issued.body as { id: string; expires: string };

    const page = browser.page();
    const licenses = await signInTo(page, e2eUsers.renewer, '/licenses', LicensesPage, (l) => l.row(old.id));
    const row = licenses.row(old.id);
    await licenses.button(row, 'Renew').click();
    await licenses.renewModal.waitFor();
    const until = formatDate(new Date(new Date(old.expires).getTime() + 3 * weekMs));
    expect(await licenses.renewUntil.textContent()).toBe(until);
    // 20 users (one extra pack) and e-mail support, for 3 of 52 weeks
    expect(await licenses.renewAmount.textContent()).toBe('$2,076.92');
    await licenses.renewPay.click();

    await page.waitForURL(/\/checkout\//);
    expect(await page.getByTestId('checkout-amount').textContent()).toBe('$2,076.92');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((u) => u.pathname === '/licenses' && u.searchParams.get('checkout') === 'renewed');
    await licenses.checkoutNotice.getByText('Renewal complete').waitFor();

    expect(await licenses.button(row, 'Renew').count()).toBe(0);
    const successor = licenses.rowsOf(org).and(page.locator(`:not([data-license-id="${old.id}"])`));
    await successor.waitFor();
    expect(await successor.textContent()).toContain(until);
    expect(await licenses.key(successor).textContent()).not.toBe('');
    expect(await row.textContent()).toContain('Renewed by');

    const bell = new NotificationBell(page);
    await bell.count.waitFor();
    await bell.button.click();
    await bell.panel.getByText(`Your license for ${org} was renewed`).waitFor();
    expect(await bell.panel.textContent()).toContain('Thank you for renewing');
  }, 120_000);
});
