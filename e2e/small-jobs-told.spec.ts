/**
 * Issue 45, item 5: the small jobs are told. A deleted deployment's notice names who deleted it and
 * its link says the deployment was deleted; a Community Edition licence in its last weeks says
 * "Expires in N days" and renews free; a private deployment's description is shown and changed in
 * place; a name too long for its field is counted and refused in plain words, never cut. On a
 * server of its own (rows written straight into its database: a licence near its end cannot be made
 * through the API today). Screenshots of the changed screens at 1440 and 375 px land in
 * test-results/e2e/issue45. A deleted licence's and a revoked API key's notices open a page that
 * says so (when, by whom, why).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedDeployments, deployments, licenses, users } from '../server/db/schema';
import { startServer, type RunningServer } from '../server/start';
import { api } from '../test/support/api-client';
import { signIn } from '../test/support/sign-in';
import { devUsersEnvOf, throwawayServerEnv } from '../test/support/throwaway-server';
import { AppShell } from './pages/app-shell';
import { NotificationBell } from './pages/notifications';
import { closeContexts, sharedBrowser } from './support/chromium';
import { artifactsDir } from './support/browser';
import { describeViolations, installAxe, runAxe, waitForSettled } from './support/axe';

const person = { email: 'told@example.test', password: 'told-pass-1' };
const day = 86_400_000;
const shots = path.join(artifactsDir, 'issue45');
const licId = (n: number) => `lic_told${String(n).padStart(16, '0')}`;

describe('small jobs are told (issue 45)', () => {
  let server: RunningServer;
  let dataDir: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let userId: string;
  const shoot = async (name: string) => {
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  };

  beforeAll(async () => {
    fs.mkdirSync(shots, { recursive: true });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchpad-e2e-told-'));
    server = await startServer({
      env: { ...throwawayServerEnv(dataDir), DEV_USERS: devUsersEnvOf([person]), LOG_LEVEL: 'silent', RELEASES_URL: 'off', LOCAL_SANDBOX: 'none' },
      inMemoryDatabase: true,
      rendererRoot: path.resolve(process.env.E2E_RENDERER_DIR ?? 'dist/renderer'),
      jobs: false,
    });
    token = (await signIn(server, person.email, person.password)).accessToken;
    await api(server, '/api/auth/me', { token });
    const [me] = await server.deps.db.select({ id: users.id }).from(users).where(eq(users.email, person.email));
    userId = me?.id ?? '';
    browser = await sharedBrowser();
    context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    await installAxe(context);
    page = await context.newPage();
    await new AppShell(page).signIn(person, '/home');
  }, 120_000);

  afterAll(async () => {
    await closeContexts(browser);
    await server?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('a deleted deployment: the bell names who deleted it, and its link says it was deleted', async () => {
    const now = new Date();
    const [row] = await server.deps.db
      .insert(deployments)
      .values({ userId, createdBy: userId, name: 'support-agent', typeId: 'trial_vm_hetzner', provider: 'local', status: 'running', timeoutMins: null, createdAt: now, updatedAt: now })
      .returning();
    const id = row?.id ?? '';
    expect((await api(server, `/api/deployments/${id}`, { method: 'DELETE', token })).status).toBe(204);

    await page.reload();
    const bell = new NotificationBell(page);
    await bell.find('Deployment support-agent was deleted');
    expect(await bell.panel.textContent()).toContain('You deleted the deployment "support-agent"');
    await bell.panel.getByRole('link', { name: 'Deployment support-agent was deleted' }).click();
    await page.waitForURL((u) => u.pathname === `/deployments/id/${id}`);
    const gone = page.getByTestId('deployment-gone');
    await gone.getByRole('heading', { name: 'This deployment was deleted' }).waitFor();
    expect(await gone.textContent()).toContain(`support-agent was deleted on`);
    expect(await gone.textContent()).toContain(`by ${person.email}`);
    await shoot('deployment-deleted');
  }, 90_000);

  it('a hosted name too long is counted and refused in plain words, never cut', async () => {
    await page.goto('/deployments/type/trial-vm');
    const name = page.getByLabel('Deployment name');
    await name.waitFor();
    await name.fill('a'.repeat(70));
    expect(await name.inputValue()).toHaveLength(70);
    await page.getByText('Name can be at most 63 characters').waitFor();
    await page.getByText('70/63').waitFor();
    expect(await page.getByRole('button', { name: /^Create / }).isDisabled()).toBe(true);
    await shoot('name-counter');
    await name.fill('short-name');
    await page.getByText('10/63').waitFor();
    expect(await page.getByText('Name can be at most 63 characters').count()).toBe(0);
  }, 60_000);

  it('a Community Edition licence says "Expires in N days" from 60 days out, and renews free in its last 30', async () => {
    const now = Date.now();
    const lic = (n: number, days: number) => ({
      id: licId(n),
      userId,
      email: person.email,
      type: 'community' as const,
      organizationName: `Told Community ${n}`,
      status: 'active' as const,
      paymentStatus: 'none' as const,
      licenseKey: `HELIX-TOLD-${n}-${'X'.repeat(40)}`,
      keyHash: createHash('sha256').update(`told-${n}`).digest('hex'),
      activatedAt: new Date(now - (365 - days) * day),
      expiresAt: new Date(now + days * day + 3600_000),
      createdAt: new Date(now - (365 - days) * day),
    });
    await server.deps.db.insert(licenses).values([lic(1, 20), lic(2, 45)]);
    await page.goto('/licenses');
    const soon = page.locator(`[data-license-id="${licId(1)}"]`);
    const later = page.locator(`[data-license-id="${licId(2)}"]`);
    await soon.getByTestId('license-expires-soon').waitFor();
    expect(await soon.getByTestId('license-expires-soon').textContent()).toBe('Expires in 20 days');
    expect(await later.getByTestId('license-expires-soon').textContent()).toBe('Expires in 45 days');
    // Renew opens 30 days before the end: the one with 45 days left only says so
    expect(await later.getByRole('button', { name: 'Renew' }).count()).toBe(0);
    await soon.scrollIntoViewIfNeeded();
    await shoot('licence-expires-soon');

    await soon.getByRole('button', { name: 'Renew' }).click();
    const modal = page.getByTestId('renew-modal');
    await modal.waitFor();
    expect(await modal.getByTestId('renew-amount').textContent()).toBe('Free');
    await modal.getByRole('button', { name: 'Renew for free' }).click();
    await modal.waitFor({ state: 'detached' });
    await soon.getByText('Renewed by').waitFor();
    expect(await soon.getByTestId('license-expires-soon').count()).toBe(0);
    expect(await page.locator('[data-testid="license-row"]').filter({ hasText: 'Told Community 1' }).count()).toBe(2);
  }, 60_000);

  it("a private deployment's description is shown and changed in place", async () => {
    const now = new Date();
    await server.deps.db
      .insert(connectedDeployments)
      .values({ id: 'cd_told0000000000000001', userId, name: 'Lab cluster', description: 'GPU box under the desk', url: 'https://lab.example.com', createdAt: now, updatedAt: now });
    await page.goto('/private-deployments');
    const item = page.getByTestId('connected-deployment').filter({ hasText: 'Lab cluster' });
    expect(await item.getByTestId('connected-description').textContent()).toBe('GPU box under the desk');
    await item.getByRole('button', { name: 'Edit description of Lab cluster' }).click();
    const text = item.getByLabel('Description of Lab cluster');
    await text.fill('x'.repeat(510));
    await item.getByText('Description can be at most 500 characters').waitFor();
    expect(await item.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await text.fill('The GPU box in room 4, runs the support agents');
    await item.scrollIntoViewIfNeeded();
    await shoot('private-description-edit');
    await item.getByRole('button', { name: 'Save' }).click();
    await item.getByTestId('connected-description').getByText('The GPU box in room 4, runs the support agents').waitFor();
    const listed = (await api(server, '/api/connected-deployments', { token })).body as { description: string }[];
    expect(listed.map((d) => d.description)).toEqual(['The GPU box in room 4, runs the support agents']);
    await shoot('private-description');
  }, 60_000);

  /** Opens the bell's notice `title` and answers the address it led to. */
  const openNotice = async (title: string) => {
    await page.goto('/home');
    const bell = new NotificationBell(page);
    await bell.find(title);
    await bell.panel.getByRole('link', { name: title }).click();
  };
  const axeClean = async (where: string) => {
    await waitForSettled(page);
    expect(describeViolations(where, await runAxe(page))).toEqual([]);
  };

  it("a deleted licence's notice opens a page that says it was deleted, by whom, and that its key stays valid", async () => {
    const res = await api(server, '/api/licenses', { method: 'POST', token, body: { type: 'community', organization_name: 'Told Gone Co' } });
    const id = String((res.body as { id: string }).id);
    // live: the link marks its row
    await openNotice('Your Community Edition license for Told Gone Co is ready');
    await page.waitForURL((u) => u.pathname === `/licenses/id/${id}`);
    await page.locator(`[data-license-id="${id}"].highlight`).waitFor();
    expect(await page.getByTestId('license-gone').count()).toBe(0);

    expect((await api(server, `/api/licenses/${id}`, { method: 'DELETE', token })).status).toBe(200);
    await openNotice('Your Community Edition license for Told Gone Co is ready');
    await page.waitForURL((u) => u.pathname === `/licenses/id/${id}`);
    const gone = page.getByTestId('license-gone');
    await gone.getByRole('heading', { name: 'This license was deleted' }).waitFor();
    const text = await gone.textContent();
    expect(text).toContain(`Told Gone Co (${id}) was removed from this list on`);
    expect(text).toContain(`by ${person.email}.`);
    expect(text).toMatch(/Its key stays valid until /);
    expect(await page.locator(`[data-license-id="${id}"]`).count()).toBe(0);
    await axeClean('deleted licence');
    await shoot('licence-deleted');
  }, 90_000);

  it("a revoked API key's notice opens a page that says when and by whom it was revoked", async () => {
    const res = await api(server, '/api/auth/api-keys', { method: 'POST', token, body: { name: 'told-ci' } });
    const id = String((res.body as { id: string }).id);
    expect((await api(server, `/api/auth/api-keys/${id}`, { method: 'DELETE', token })).status).toBe(204);
    await openNotice('API key told-ci was created');
    await page.waitForURL((u) => u.pathname === `/account/api-key/${id}`);
    const gone = page.getByTestId('api-key-gone');
    await gone.getByRole('heading', { name: 'This API key was revoked' }).waitFor();
    const text = await gone.textContent();
    expect(text).toMatch(/The API key told-ci \(lp_[^)]*…\) was revoked on .+ by told@example\.test\./);
    await axeClean('revoked API key');
    await shoot('api-key-revoked');
    await gone.getByRole('link', { name: 'Show all API keys' }).click();
    await page.waitForURL((u) => u.pathname === '/account');
    // the address changes a moment before the page: the notice leaves with the next render
    await gone.waitFor({ state: 'detached', timeout: 5_000 });
  }, 90_000);

  it("a replaced licence's link marks its row, which says who revoked it and links to the licence that replaced it", async () => {
    const now = Date.now();
    const row = (n: number) => ({
      id: licId(n),
      userId,
      email: person.email,
      type: 'enterprise' as const,
      organizationName: 'Told Replaced Co',
      status: 'active' as const,
      paymentStatus: 'paid' as const,
      licenseKey: `HELIX-TOLD-${n}-${'Y'.repeat(40)}`,
      keyHash: createHash('sha256').update(`told-${n}`).digest('hex'),
      activatedAt: new Date(now - 30 * day),
      expiresAt: new Date(now + 300 * day),
      createdAt: new Date(now - (n === 10 ? 30 : 1) * day),
    });
    await server.deps.db.insert(licenses).values([{ ...row(10), status: 'revoked', revokedAt: new Date(now - day), revokeReason: 'Extended by 4 weeks', replacedBy: licId(11) }, row(11)]);
    await page.goto(`/licenses/id/${licId(10)}`);
    const old = page.locator(`[data-license-id="${licId(10)}"]`);
    await old.and(page.locator('.highlight')).waitFor();
    expect(await old.getByTestId('license-revoked').textContent()).toMatch(/^Replaced by an administrator on .+: Extended by 4 weeks\./);
    await old.getByRole('link', { name: licId(11) }).click();
    await page.waitForURL((u) => u.pathname === `/licenses/id/${licId(11)}`);
    await page.locator(`[data-license-id="${licId(11)}"].highlight`).waitFor();
    await axeClean('replaced licence');
  }, 60_000);
});
