import { describe, expect, it } from 'vitest';
import { api } from '../test/support/api-client';
import { signIn } from '../test/support/sign-in';
import { ManageBalancePage } from './pages/admin-balances';
import { AuditLogPage } from './pages/admin-audit';
import { AppShell } from './pages/app-shell';
import { useBrowser } from './support/browser';
import { e2eBaseUrl } from './support/workers';
import { e2eUsers } from './support/users';
import { parseCsv } from '../test/support/csv';

describe('audit log', () => {
  const browser = useBrowser();

  it('an admin tops up a user, finds it on the Audit Log page, and downloads it as CSV with the filters', async () => {
    // The account must exist (have called the API once) to be topped up.
    const baseUrl = e2eBaseUrl();
    const { accessToken } = await signIn({ url: baseUrl }, e2eUsers.user.email, e2eUsers.user.password);
    expect((await api({ url: baseUrl }, '/api/auth/me', { token: accessToken })).status).toBe(200);
    const page = browser.page();
    const shell = new AppShell(page);
    await shell.signIn(e2eUsers.admin, '/admin/balances');
    const topup = new ManageBalancePage(page);
    await topup.topUp(e2eUsers.user.email, '7.31');
    await topup.result.or(topup.error).waitFor();
    expect((await topup.error.isVisible()) ? await topup.error.textContent() : 'topped up').toBe('topped up');

    await page.getByRole('navigation').getByRole('link', { name: 'Audit Log' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/audit');
    // The address changes before the lazy page has rendered: wait for its title, then read it.
    await shell.pageTitle.filter({ hasText: 'Audit Log' }).waitFor();
    expect(await shell.pageTitle.textContent()).toBe('Audit Log');
    const audit = new AuditLogPage(page);
    await audit.filter({ action: 'admin.balance.topup', actor: e2eUsers.admin.email });
    const row = audit.row('amount_cents: 731');
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Balance topped up by an administrator');
    expect(text).toContain(e2eUsers.admin.email);
    expect(text).toContain(`email: ${e2eUsers.user.email}`);

    const { filename, text: csv } = await audit.downloadCsv();
    expect(filename).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('at,action,actor_email,actor_user_id,target_type,target_id,subject_user_id,ip_address,request_id,details');
    const rows = lines.slice(1);
    expect(rows.length).toBeGreaterThan(0);
    // Only what the filters show: top-ups by this admin, this one among them.
    expect(
      parseCsv(csv)
        .slice(1)
        .every((r) => r[1] === 'admin.balance.topup' && r[2] === e2eUsers.admin.email),
    ).toBe(true);
    expect(rows.some((r) => r.includes('""amount_cents"":731'))).toBe(true);
  });
});
