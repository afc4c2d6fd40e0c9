import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenses, installations } from '../server/db/schema';
import { startServer, type RunningServer } from '../server/start';
import { api } from '../test/support/api-client';
import { signIn } from '../test/support/sign-in';
import { AppShell } from './pages/app-shell';
import { useBrowser } from './support/browser';
import { devUsersEnv, e2eUsers } from './support/users';
import { pgliteTemplate } from '../test/support/test-pglite';
import { throwawayServerEnv } from '../test/support/throwaway-server';

/**
 * Issue #22, installation insights. The run's shared server has no database this process can
 * reach, so this spec starts its own (same built renderer, in-memory database) to seed an
 * installation whose last ping is 4 hours old.
 */
describe('Ping insights', () => {
  const browser = useBrowser();
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchpad-e2e-insights-'));
    server = await startServer({
      env: { ...throwawayServerEnv(dataDir), DEV_USERS: devUsersEnv, LOG_LEVEL: 'silent', RELEASES_URL: 'off' },
      inMemoryDatabase: true,
      pgliteTemplate: pgliteTemplate(),
      rendererRoot: path.resolve(process.env.E2E_RENDERER_DIR ?? 'dist/renderer'),
      jobs: false,
    });
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('filters inactive installations, highlights one over its user limit, exports them and opens its page', async () => {
    const { accessToken } = await signIn(server, e2eUsers.other.email, e2eUsers.other.password);
    const license = (await api(server, '/api/licenses', { method: 'POST', token: accessToken, body: { type: 'community', organization_name: 'Quiet Org' } })).body as {
      id: string;
      license_key: string;
    };
    await server.deps.db.update(licenses).set({ usersLimit: 5 }).where(eq(licenses.id, license.id));
    const quiet = createHash('sha256').update(license.license_key).digest('hex');
    const busy = 'e'.repeat(64);
    const ping = (deploymentId: string, version: string, users: number) =>
      api(server, '/api/ping', { method: 'POST', body: { version, apps_count: 2, users_count: users, deployment_id: deploymentId } });
    expect((await ping(quiet, '2.11.4', 9)).status).toBe(200);
    expect((await ping(busy, '2.12.2', 1)).status).toBe(200);
    // Its last ping 4 hours ago: inactive (no ping for 3 hours).
    await server.deps.db
      .update(installations)
      .set({ lastPing: sql`now() - interval '4 hours'`, firstSeen: sql`now() - interval '2 days'` })
      .where(eq(installations.key, quiet));

    const page = browser.page();
    await new AppShell(page).signIn(e2eUsers.admin, `${server.url}/admin/pings`);
    const rows = page.getByTestId('ping-row');
    await page.locator(`[data-testid=ping-row][data-deployment-id="${busy}"]`).waitFor();
    expect(await rows.count()).toBe(2);

    await page.getByLabel('Status').selectOption({ label: 'Inactive' });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=ping-row]').length === 1);
    const row = rows.first();
    expect(await row.getByTestId('installation-status').textContent()).toBe('Inactive');
    expect(await row.getByTestId('versions-behind').textContent()).toBe('1 behind');
    expect(await row.getByTestId('users-vs-limit').textContent()).toBe('9 / 5Over limit');
    expect(await row.textContent()).toContain('Quiet Org');

    // The export takes the same filters: the header and the one inactive installation.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^installations-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs
      .readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(quiet);

    await row.getByTestId('installation-link').click();
    await page.waitForURL(/\/admin\/installations\/id\//);
    // The installation page loads lazily: the title changes once it has rendered.
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Installation');
    await page.getByTestId('uptime-chart').waitFor();
    // its figures as a table for screen readers: 14 days, counted from its first ping two days ago (no 0% for the days before)
    const chart = page.getByTestId('uptime-chart');
    await chart.getByText('Show the figures').click();
    const figures = chart.getByRole('table');
    expect(await figures.locator('tbody tr').count()).toBe(14);
    expect(await figures.locator('tbody tr').last().locator('td').textContent()).toMatch(/^\d+% \(1 of \d+ hours with a ping\)$/);
    expect(await figures.locator('tbody tr').first().locator('td').textContent()).toBe('No data');
    expect(await page.getByTestId('installation-summary').textContent()).toContain('Inactive');
    expect(await page.getByTestId('installation-license').textContent()).toContain('User limit5');
    expect(await page.getByTestId('installation-versions').textContent()).toContain('2.11.4');
  });
});
