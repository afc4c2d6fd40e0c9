import { describe, expect, it } from 'vitest';
import { api } from '../test/support/api-client';
import { signIn } from '../test/support/sign-in';
import { AdminDeploymentsPage } from './pages/admin-deployments';
import { AdminLicensesPage } from './pages/admin-licenses';
import { signInTo } from './pages/app-shell';
import { csvRows, downloadFrom } from './pages/list-filters';
import { useBrowser } from './support/browser';
import { e2eUsers } from './support/users';
import { e2eBaseUrl } from './support/workers';

/**
 * Issue 30, part 5: an operator narrows the admin lists on the server, the address keeps the view
 * (reload, Back), and the export holds exactly the rows on screen.
 */
describe('admin lists: filters in the address, exports of what is shown', () => {
  const browser = useBrowser();
  const run = Date.now().toString(36);

  const adminToken = async () => {
    const { accessToken } = await signIn({ url: e2eBaseUrl() }, e2eUsers.admin.email, e2eUsers.admin.password);
    expect((await api({ url: e2eBaseUrl() }, '/api/auth/me', { token: accessToken })).status).toBe(200);
    return accessToken;
  };

  it('License Admin: expiring within 30 days plus a search, kept across a reload and Back; the export holds only those rows', async () => {
    const token = await adminToken();
    const email = `renewals-${run}@customer.test`;
    const create = async (organization: string, term: { duration_weeks: number } | { perpetual: true }) => {
      const res = await api({ url: e2eBaseUrl() }, '/api/admin/licenses/create', { token, body: { email, organization_name: organization, confirmUnknownEmail: true, ...term } });
      expect(res.status).toBe(201);
      return (res.body as { id: string }).id;
    };
    const soon = await create(`Zoë Ångström Labs ${run}`, { duration_weeks: 2 });
    const later = await create(`Later Labs ${run}`, { duration_weeks: 8 });
    const never = await create(`Forever Labs ${run}`, { perpetual: true });

    const page = browser.page();
    const admin = await signInTo(page, e2eUsers.admin, '/admin/licenses', AdminLicensesPage, (a) => a.table);
    await admin.filters.search.fill(email);
    await admin.filters.apply.click();
    await page.waitForURL((url) => url.searchParams.get('search') === email);
    // The unfiltered first page may already show the newest row: wait for the filtered total.
    await expect.poll(() => admin.total.textContent()).toBe('3 licenses');
    await admin.row(never).waitFor();

    await admin.expiringWithin.fill('30');
    await admin.filters.apply.click();
    await page.waitForURL((url) => url.searchParams.get('expiring_within') === '30' && url.searchParams.get('search') === email);
    await admin.row(later).waitFor({ state: 'detached' });
    await expect.poll(() => admin.total.textContent()).toBe('1 license');
    expect(await admin.rows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-license-id')))).toEqual([soon]);

    await page.reload();
    await admin.row(soon).waitFor();
    expect(await admin.filters.search.inputValue()).toBe(email);
    expect(await admin.expiringWithin.inputValue()).toBe('30');
    expect(await admin.rows.count()).toBe(1);

    const csv = await downloadFrom(page, admin.filters.downloadCsv);
    expect(csv.filename).toMatch(/^licenses-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csvRows(csv.text).map((line) => line.split(',')[0])).toEqual([soon]);
    const excel = await downloadFrom(page, admin.filters.downloadExcelCsv);
    expect(excel.filename).toMatch(/^licenses-\d{4}-\d{2}-\d{2}-excel\.csv$/);
    expect([...excel.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csvRows(excel.text)).toHaveLength(1);
    expect(excel.text).toContain(`Zoë Ångström Labs ${run}`);

    // A column header sorts on the server, in the address too.
    await admin.expiringWithin.fill('');
    await admin.filters.apply.click();
    await admin.row(never).waitFor();
    await admin.sortBy('Expires').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'expires' && url.searchParams.get('dir') === 'asc');
    await page.waitForFunction((ids) => [...document.querySelectorAll('[data-testid="admin-license-row"]')].map((r) => r.getAttribute('data-license-id')).join() === ids.join(), [soon, later, never]);

    // Back: the view before the order; twice more: the 30-day filter again.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('sort') && !url.searchParams.has('expiring_within'));
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('expiring_within') === '30');
    await admin.row(later).waitFor({ state: 'detached' });
    expect(await admin.expiringWithin.inputValue()).toBe('30');
  }, 120_000);

  it('Deployment Dashboard: a search and a provider filter in the address, and an export of the same rows', async () => {
    const token = await adminToken();
    const name = `filter-${run}`;
    const created = await api({ url: e2eBaseUrl() }, '/api/deployments', { token, headers: { 'Idempotency-Key': `filter-${run}` }, body: { configId: 'trial_vm_hetzner', name, timeoutMins: 60 } });
    expect(created.status).toBe(200);
    const id = (created.body as { id: string }).id;
    try {
      const page = browser.page();
      const dashboard = await signInTo(page, e2eUsers.admin, '/dashboard', AdminDeploymentsPage, (d) => d.table);
      await dashboard.filters.search.fill(name);
      await dashboard.filters.apply.click();
      await page.waitForURL((url) => url.searchParams.get('search') === name);
      await dashboard.row(id).waitFor();
      await expect.poll(() => dashboard.rows.count()).toBe(1);

      await dashboard.providerFilter.selectOption('civo');
      await page.waitForURL((url) => url.searchParams.get('provider') === 'civo' && url.searchParams.get('search') === name);
      await page.getByText('No deployments match.').waitFor();
      expect(await dashboard.rows.count()).toBe(0);

      await dashboard.providerFilter.selectOption('local');
      await page.waitForURL((url) => url.searchParams.get('provider') === 'local');
      await dashboard.row(id).waitFor();
      await page.reload();
      await dashboard.row(id).waitFor();
      expect(await dashboard.providerFilter.inputValue()).toBe('local');
      expect(await dashboard.filters.search.inputValue()).toBe(name);

      const csv = await downloadFrom(page, dashboard.filters.downloadCsv);
      expect(csvRows(csv.text).map((line) => line.split(',')[0])).toEqual([id]);

      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('provider') === 'civo');
      await page.getByText('No deployments match.').waitFor();
    } finally {
      await api({ url: e2eBaseUrl() }, `/api/deployments/${id}`, { method: 'DELETE', token });
    }
  }, 120_000);
});
