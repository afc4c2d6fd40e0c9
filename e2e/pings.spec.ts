import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/app-shell';
import { useBrowser } from './support/browser';
import { e2eUsers } from './support/users';
import { api } from '../test/support/api-client';
import { signIn } from '../test/support/sign-in';

/** Pings posted by a script, as installations send them, show up on the admin Ping Dashboard. */
describe('Ping Dashboard', () => {
  const browser = useBrowser();

  it('shows pinging installations with Licensed badges and pages through them', async () => {
    const server = { url: browser.baseUrl };
    const { accessToken } = await signIn(server, e2eUsers.other.email, e2eUsers.other.password);
    const license = (await api(server, '/api/licenses', { method: 'POST', token: accessToken, body: { type: 'community', organization_name: 'Ping Test Org' } })).body as { license_key: string };
    const licensedId = createHash('sha256').update(license.license_key).digest('hex');
    const ping = (deploymentId: string, version: string) =>
      api(server, '/api/ping', { method: 'POST', body: { version, apps_count: 4, users_count: 9, deployment_id: deploymentId, edition: 'server' } });
    // 35 other installations make a second page; the licensed one pings last, so it leads page 1.
    for (let i = 0; i < 35; i++) await ping(createHash('sha256').update(`install-${i}`).digest('hex'), '2.11.4');
    expect((await ping(licensedId, '2.12.2')).body).toEqual({ latest_version: '2.12.2' });

    const page = browser.page();
    const shell = new AppShell(page);
    await shell.signIn(e2eUsers.admin, '/admin/pings');
    const row = page.locator(`[data-testid=ping-row][data-deployment-id="${licensedId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Ping Test Org');
    expect(await row.textContent()).toContain('Licensed');
    expect(await row.textContent()).toContain(licensedId.slice(0, 7));
    expect(await page.getByTestId('ping-row').count()).toBe(30);
    // issue 45: an address geoip cannot place (the loopback) reads "Unknown", not "??" beside an empty flag
    expect(await row.getByTestId('country').textContent()).toBe('Unknown');

    const pageLabel = page.getByTestId('pings-page');
    expect(await pageLabel.textContent()).toMatch(/Page 1 of [2-9]/);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid=pings-page]')?.textContent?.startsWith('Page 2'));
    expect(await page.getByTestId('ping-row').count()).toBeGreaterThan(0);

    // issue 45: filters that exclude every row say so, instead of "No pings yet."
    await page.goto('/admin/pings?version=0.0.0-no-such-version');
    await page.getByRole('cell', { name: 'No installations match these filters.' }).waitFor();
  });

  it('says on rows keyed by address that unlicensed installations behind it share the row', async () => {
    const server = { url: browser.baseUrl };
    // unlicensed (deployment_id "unknown"): one row per address and edition
    for (const edition of ['e2e-desktop', 'e2e-server']) {
      expect((await api(server, '/api/ping', { method: 'POST', body: { version: '2.12.2', apps_count: 0, users_count: 1, deployment_id: 'unknown', edition } })).status).toBe(200);
    }
    const page = browser.page();
    await new AppShell(page).signIn(e2eUsers.admin, '/admin/pings');
    const shared = page.locator('[data-testid=ping-row][data-deployment-id="unknown"]');
    await shared.first().waitFor();
    expect(await shared.count()).toBeGreaterThanOrEqual(2);
    expect(await shared.first().getByTestId('shared-address').textContent()).toBe('Shared address');
    expect(await page.getByTestId('shared-address-note').textContent()).toContain('all of them behind this address (of one edition) are counted in this one row');
  });
});
