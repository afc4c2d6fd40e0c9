import { describe, expect, it } from 'vitest';
import { api } from '../test/support/api-client';
import { signIn } from '../test/support/sign-in';
import { AppShell } from './pages/app-shell';
import { NotificationBell, NotificationPreferencesForm, SentMailPage } from './pages/notifications';
import { useBrowser } from './support/browser';
import { e2eBaseUrl } from './support/workers';
import { e2eUsers } from './support/users';

/** The e2e servers run the notifications job every 3 s (once a minute by default). */
const jobWaitMs = 20_000;
/** a trial VM on the local provider is running within seconds; the machine is loaded in CI */
const readyWaitMs = 60_000;

describe('notifications', () => {
  const browser = useBrowser();

  it(
    'a user whose balance falls below their threshold sees the bell count and the notice, and the admin finds the e-mail on Sent Mail',
    async () => {
      const page = browser.page();
      const shell = new AppShell(page);
      const bell = new NotificationBell(page);
      const prefs = new NotificationPreferencesForm(page);

      await shell.signIn(e2eUsers.notify, '/account');
      await prefs.threshold.waitFor();
      await expect.poll(() => prefs.threshold.inputValue()).toBe('2.00');
      await prefs.threshold.fill('3.95');
      await prefs.save.click();
      await prefs.form.getByText('Saved.').waitFor();
      expect(await bell.count.count()).toBe(0);

      // The free $4.00 less a trial VM's first hour ($0.10) is $3.90: below $3.95.
      const baseUrl = e2eBaseUrl();
      const { accessToken } = await signIn({ url: baseUrl }, e2eUsers.notify.email, e2eUsers.notify.password);
      const created = await api({ url: baseUrl }, '/api/deployments', { method: 'POST', token: accessToken, body: { configId: 'trial_vm_hetzner', name: 'notify-e2e', timeoutMins: 240 } });
      expect(created.status).toBe(200);
      try {
        // two notices: the balance below the threshold, and the deployment being ready
        await bell.count.waitFor({ timeout: jobWaitMs });
        await expect.poll(() => bell.count.textContent(), { timeout: readyWaitMs }).toBe('2');
        expect(await bell.button.getAttribute('aria-label')).toBe('Notifications, 2 unread');
        await bell.button.click();
        await bell.panel.getByText('Deployment notify-e2e is ready').waitFor();
        await bell.panel.getByText('Your balance is below $3.95').waitFor();
        expect(await bell.panel.textContent()).toContain('Your balance is $3.90, below the $3.95 you asked to be told about.');
        await bell.markAllRead.click();
        await bell.count.waitFor({ state: 'detached' });
      } finally {
        await api({ url: baseUrl }, `/api/deployments/${(created.body as { id: string }).id}`, { method: 'DELETE', token: accessToken });
      }

      const adminContext = await browser.newContext();
      const adminPage = await adminContext.newPage();
      const adminShell = new AppShell(adminPage);
      await adminShell.signIn(e2eUsers.admin);
      await adminShell.adminSection.getByRole('link', { name: 'Sent Mail' }).click();
      await adminPage.waitForURL((url) => url.pathname === '/admin/mail');
      const mail = new SentMailPage(adminPage).mailTo(e2eUsers.notify.email, 'Your balance is below $3.95');
      await mail.waitFor();
      await mail.getByText('Your balance is below $3.95').click();
      await mail.getByText('Kept here (no SMTP configured)').waitFor();
      expect(await mail.locator('pre').textContent()).toContain('Your balance is $3.90, below the $3.95 you asked to be told about.');
    },
    jobWaitMs + readyWaitMs + 60_000,
  );
});
