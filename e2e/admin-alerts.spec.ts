import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminAlertLabels } from '../shared/api/admin-alerts';
import { api } from '../test/support/api-client';
import { signIn } from '../test/support/sign-in';
import { AdminAlertPreferencesForm, AlertsPage } from './pages/admin-alerts';
import { AppShell } from './pages/app-shell';
import { NotificationBell } from './pages/notifications';
import { artifactsDir, useBrowser } from './support/browser';
import { e2eBaseUrl } from './support/workers';
import { e2eUsers } from './support/users';

const widths = [375, 1440] as const;

describe('administrator alerts', () => {
  const browser = useBrowser();

  it('a ping over its licence user limit raises an alert in the admin bell; the admin sets their alerts on the Account page', async () => {
    const server = { url: e2eBaseUrl() };
    // The admin signs in once (the real flow), so the server knows them as an administrator.
    const admin = await signIn(server, e2eUsers.admin.email, e2eUsers.admin.password);
    const organization = `Alerted Org ${Date.now()}`;
    const created = await api(server, '/api/admin/licenses/create', {
      method: 'POST',
      token: admin.accessToken,
      body: { email: e2eUsers.other.email, organization_name: organization, users_limit: 3, perpetual: true, confirmUnknownEmail: true },
    });
    expect(created.status).toBe(201);
    const installation = createHash('sha256')
      .update((created.body as { license_key: string }).license_key)
      .digest('hex');
    const pinged = await api(server, '/api/ping', { method: 'POST', body: { version: '2.12.2', apps_count: 1, users_count: 7, deployment_id: installation, edition: 'server' } });
    expect(pinged.status).toBe(200);

    for (const width of widths) {
      const context = await browser.newContext({ width, height: width === 375 ? 812 : 900 });
      const page = await context.newPage();
      const shell = new AppShell(page);
      const bell = new NotificationBell(page);
      await shell.signIn(e2eUsers.admin, '/home');
      await bell.button.click();
      const alert = bell.panel.locator('li').filter({ hasText: `${organization} runs 7 users on a license for 3` });
      await alert.waitFor({ timeout: 20_000 });
      expect(await alert.textContent()).toContain('Admin alert');
      expect(await alert.textContent()).toContain('reported 7 users');
      await page.screenshot({ path: path.join(artifactsDir, `admin-alerts-bell-${width}.png`) });

      await alert.getByRole('link').click();
      await page.waitForURL((url) => url.pathname === `/admin/installations/id/${installation}`);

      await shell.open('/account');
      const prefs = new AdminAlertPreferencesForm(page);
      await prefs.transferDays.waitFor();
      if (width === 375) {
        expect(await prefs.alert(adminAlertLabels.admin_over_user_limit).isChecked()).toBe(true);
        await prefs.transferDays.fill('5');
        await prefs.save.click();
        await prefs.form.getByText('Saved.').waitFor();
        const saved = await api(server, '/api/admin/alert-preferences', { token: admin.accessToken });
        expect(saved.body).toMatchObject({ transfer_pending_days: 5, minor_versions_behind: 2 });
      } else {
        expect(await prefs.transferDays.inputValue()).toBe('5');
      }
      await prefs.form.screenshot({ path: path.join(artifactsDir, `admin-alerts-preferences-${width}.png`) });
      await page.screenshot({ path: path.join(artifactsDir, `admin-alerts-account-${width}.png`), fullPage: true });
      await context.close();
    }
  }, 120_000);
});

describe('the Alerts page', () => {
  const browser = useBrowser();

  it('an administrator sends a test "Installation silent" alert: it is in the history, the bell and delivered to the webhook, signed; then acknowledged', async () => {
    for (const width of widths) {
      const context = await browser.newContext({ width, height: width === 375 ? 812 : 900 });
      const page = await context.newPage();
      const shell = new AppShell(page);
      await shell.signIn(e2eUsers.admin, '/home');
      await shell.open('/admin/alerts');
      const alerts = new AlertsPage(page);
      await alerts.webhook.getByText('signed with HMAC-SHA256').waitFor();
      await alerts.testKind.selectOption({ label: 'Installation silent' });
      const before = await alerts.row('Test alert: An installation of Example Ltd has been silent for 24 hours').count();
      await alerts.sendTest.click();
      const row = alerts.row('Test alert: An installation of Example Ltd has been silent for 24 hours').first();
      await page.waitForFunction(([n]) => document.querySelectorAll('[data-testid="alert-row"][data-kind="admin_installation_silent"]').length > (n ?? 0), [before], { timeout: 20_000 });
      // the receiver answers 401 to a bad signature: Delivered means it was signed with the shared secret
      await row.locator('[data-testid="alert-webhook-status"][data-status="delivered"]').waitFor({ timeout: 20_000 });
      expect(await row.textContent()).toContain('Test');
      const bell = new NotificationBell(page);
      await bell.button.click();
      await bell.panel.locator('li').filter({ hasText: 'Test alert: An installation of Example Ltd has been silent for 24 hours' }).first().waitFor();
      await page.keyboard.press('Escape');
      await row.getByRole('button', { name: /^Acknowledge/ }).click();
      await row.getByTestId('alert-acknowledged').getByText(`Acknowledged by ${e2eUsers.admin.email}`).waitFor();
      await page.screenshot({ path: path.join(artifactsDir, `admin-alerts-page-${width}.png`), fullPage: true });
      await context.close();
    }
  }, 120_000);

  it('a user who is not an administrator opening Alerts is told the page is for administrators', async () => {
    const context = await browser.newContext({ width: 1440, height: 900 });
    const page = await context.newPage();
    await new AppShell(page).signIn(e2eUsers.other, '/admin/alerts');
    const denied = page.getByTestId('admin-only');
    await denied.getByText('This page is for administrators.').waitFor();
    expect(await denied.textContent()).toContain(`You are signed in as ${e2eUsers.other.email}, which is not an administrator account.`);
    expect(await page.getByTestId('page-title').textContent()).toBe('Alerts');
    expect(await page.getByTestId('alerts-table').count()).toBe(0);
    // the first Tab stop skips the sidebar and header to the page
    // from the top of the document, as after the address bar
    await page.evaluate(() => {
      const start = document.createElement('span');
      start.tabIndex = -1;
      document.body.prepend(start);
      start.focus();
      start.remove();
    });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.screenshot({ path: path.join(artifactsDir, 'admin-only-1440.png') });
    await context.close();
  }, 60_000);
});
