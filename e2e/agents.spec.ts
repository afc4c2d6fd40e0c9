import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeImportConfig } from '../shared/agents/import-link';
import { AgentGalleryPage } from './pages/agents';
import { AppShell } from './pages/app-shell';
import { CommandCenterPage } from './pages/command-center';
import { LicensesPage } from './pages/licenses';
import { useBrowser } from './support/browser';
import { localhostImportPort, localhostImportUrl } from './support/import-target';
import { e2eUsers } from './support/users';

/** A stand-in installation: answers every request with a small page and remembers what was asked. */
function fakeInstallation(port = 0): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Installation</title><p>import</p>');
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: actual } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${actual}`, requests, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

describe('agent gallery, deploy menu and Command Center', () => {
  const browser = useBrowser();
  const run = Date.now().toString(36);
  let lab: Awaited<ReturnType<typeof fakeInstallation>>;
  let localhost: Awaited<ReturnType<typeof fakeInstallation>>;

  beforeAll(async () => {
    lab = await fakeInstallation();
    localhost = await fakeInstallation(localhostImportPort);
  });
  afterAll(async () => {
    await lab?.close();
    await localhost?.close();
  });

  /** What the installation would import: the agent's YAML, as the server serves the agent's configuration. */
  async function expectImportOf(url: string, base: string, agentId: string): Promise<void> {
    expect(url.startsWith(`${base}/import-agent?config=`)).toBe(true);
    const payload = decodeImportConfig(new URL(url).searchParams.get('config') ?? '');
    expect(payload.organization_id).toBe('');
    expect(payload.global).toBe(false);
    expect(Array.isArray(payload.model_classes)).toBe(true);
    const served: unknown = await (await fetch(`${browser.baseUrl}/api/agents/${agentId}`)).json();
    expect(payload.yaml_config).toEqual(served);
  }

  it('browses categories and reads a long description in full', async () => {
    const gallery = new AgentGalleryPage(browser.page());
    await gallery.open('/agents');
    expect(await gallery.selectedTab.textContent()).toBe('Featured');
    const featured = await gallery.cards.count();
    expect(featured).toBeGreaterThan(0);

    await gallery.tab('Healthcare').click();
    expect(await gallery.selectedTab.textContent()).toBe('Healthcare');
    await gallery.card('medical-protocol-assistant').waitFor();

    await gallery.tab('All').click();
    const ids = await gallery.cards.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-agent-id')));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(featured);
    // In All, the card names its home category.
    expect(await gallery.card('clinical-notes-scribe').textContent()).toContain('Healthcare');

    const longId = await gallery.cards
      .filter({ has: browser.page().getByRole('button', { name: 'Read more' }) })
      .first()
      .getAttribute('data-agent-id');
    const card = gallery.card(longId ?? '');
    const description = gallery.description(card);
    const short = (await description.textContent()) ?? '';
    await card.getByRole('button', { name: 'Read more' }).click();
    const full = (await description.textContent()) ?? '';
    expect(full.length).toBeGreaterThan(short.length);
    await card.getByRole('button', { name: 'Read less' }).click();
    expect(await description.textContent()).toBe(short);
  });

  it('adds a private deployment, deploys an agent to it and removes it again', async () => {
    const page = browser.page();
    await new AppShell(page).signIn(e2eUsers.agents, '/agents');
    const gallery = new AgentGalleryPage(page);
    await gallery.cards.first().waitFor();
    const card = gallery.card('code-reviewer');
    await gallery.openMenu(card);
    expect(await gallery.targets.evaluateAll((t) => t.map((e) => e.getAttribute('data-target-id')))).toEqual(['helix-cloud', 'localhost']);

    const name = `Lab ${run}`;
    await gallery.menu.getByRole('button', { name: '+ Add private deployment' }).click();
    expect(await gallery.addForm.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
    await gallery.addDeployment(name, 'lab box');
    await gallery.addForm.getByText('Please enter a valid URL').waitFor();
    await gallery.addForm.getByLabel('URL', { exact: true }).fill(`${lab.url}/`);
    await gallery.addForm.getByRole('button', { name: 'Add', exact: true }).click();
    await gallery.target(name).waitFor();
    await gallery.addForm.waitFor({ state: 'detached' });

    const opened = await gallery.opensTab(browser.context(), () => gallery.target(name).getByRole('button').first().click());
    await expectImportOf(opened, lab.url, 'code-reviewer');
    expect(lab.requests.some((r) => r.startsWith('/import-agent?config='))).toBe(true);

    // Kept on the account: still there after a reload.
    await page.reload();
    await gallery.openMenu(gallery.card('code-reviewer'));
    await gallery.target(name).waitFor();
    await gallery
      .target(name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await gallery.removeDialog.getByRole('button', { name: 'Remove Reference' }).click();
    await gallery.removeDialog.waitFor({ state: 'detached' });
    await gallery.openMenu(gallery.card('code-reviewer'));
    await gallery.targets.nth(1).waitFor();
    expect(await gallery.target(name).count()).toBe(0);
  });

  it('closes the menu on Escape and on an outside click, which also resets the add form', async () => {
    const page = browser.page();
    const gallery = new AgentGalleryPage(page);
    await gallery.open('/agents');
    const card = gallery.cards.first();
    await gallery.openMenu(card);
    expect((await gallery.menu.boundingBox())?.width).toBe(320);
    await page.keyboard.press('Escape');
    await gallery.menu.waitFor({ state: 'detached' });

    await gallery.openMenu(card);
    await gallery.menu.getByRole('button', { name: '+ Add private deployment' }).click();
    await gallery.addForm.getByLabel('Name', { exact: true }).fill('half typed');
    await page.mouse.click(5, 5);
    await gallery.menu.waitFor({ state: 'detached' });
    await gallery.openMenu(card);
    expect(await gallery.addForm.count()).toBe(0);
  });

  it('deploys to Localhost through the confirm modal', async () => {
    const gallery = new AgentGalleryPage(browser.page());
    await gallery.open('/agents-gallery');
    const card = gallery.card('clinical-notes-scribe');
    await gallery.openMenu(card);
    await gallery.target('Localhost').getByRole('button').first().click();
    await gallery.localhostDialog.waitFor();
    expect(await gallery.localhostDialog.textContent()).toContain('port 8080');
    // On marketing pages the guide is /docs.
    expect(await gallery.localhostDialog.getByRole('link', { name: 'Read the local deployment guide' }).getAttribute('href')).toBe('/docs');

    await gallery.localhostDialog.getByRole('button', { name: 'Cancel' }).click();
    await gallery.localhostDialog.waitFor({ state: 'detached' });
    await gallery.openMenu(card);
    await gallery.target('Localhost').getByRole('button').first().click();
    const opened = await gallery.opensTab(browser.context(), () => gallery.localhostDialog.getByRole('button', { name: 'Import to Localhost' }).click());
    await expectImportOf(opened, localhostImportUrl, 'clinical-notes-scribe');
  });

  it('keeps signed-out entries in the browser and moves them to the account after sign-in', async () => {
    const page = browser.page();
    const gallery = new AgentGalleryPage(page);
    await gallery.open('/agents');
    const name = `Offline ${run}`;
    await gallery.openMenu(gallery.cards.first());
    await gallery.addDeployment(name, `${lab.url}/offline`, 'added before signing in');
    await gallery.target(name).waitFor();
    const stored = await page.evaluate(() => window.localStorage.getItem('deployments'));
    expect(JSON.parse(stored ?? '[]')).toEqual([{ name, description: 'added before signing in', url: `${lab.url}/offline`, is_default: false }]);

    await new AppShell(page).signIn(e2eUsers.agents, '/agents');
    await gallery.cards.first().waitFor();
    await gallery.openMenu(gallery.cards.first());
    await gallery.target(name).waitFor();
    await page.waitForFunction(() => window.localStorage.getItem('deployments') === null);

    // A new browser signed in as the same person sees it: it now lives on the server.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await new AppShell(otherPage).signIn(e2eUsers.agents, '/home');
    const center = new CommandCenterPage(otherPage);
    await center.privateRows.filter({ hasText: name }).waitFor();
  });

  it('shows the user’s hosted deployments, private deployments and licenses on the Command Center', async () => {
    const page = browser.page();
    await new AppShell(page).signIn(e2eUsers.agents, '/licenses');
    const licenses = new LicensesPage(page);
    await licenses.card('community').waitFor();
    await licenses.createCommunity(`Center Community ${run}`);
    await licenses.createEnterprise(`Center Pending ${run}`);

    // Hosted machines are stubbed: a real failed deployment cannot be made on demand.
    const now = new Date().toISOString();
    const wire = (id: string, name: string, status: string, ipv4: string | null, error: string | null) => ({
      id,
      name,
      user_id: 'u',
      server_id: null,
      status,
      ipv4,
      ui_url: ipv4 ? `http://${ipv4}:8080/` : null,
      provider: 'local',
      deployment_config_id: 'trial_vm',
      hourly_rate_cents: 10,
      timeout_mins: null,
      expires_at: null,
      error_message: error,
      created_at: now,
      updated_at: now,
      helix_version: null,
    });
    await page.route('**/api/deployments', (route: Route) =>
      route.fulfill({
        json: [
          wire('d1', 'Running box', 'running', '127.0.0.9', null),
          wire('d2', 'Broken box', 'failed', null, 'Disk quota exceeded'),
          wire('d3', 'Fresh box', 'installing', null, null),
          wire('d4', 'Fourth box', 'running', '127.0.0.10', null),
        ],
      }),
    );

    // The server renders /home as a visitor sees it: the sign-in prompts wait, unseen, for the session, and never show to this user.
    await page.addInitScript(() => {
      const shown: string[] = [];
      Object.assign(window, { signInPromptsShown: shown });
      const look = () => {
        for (const el of document.querySelectorAll('[data-testid="cc-sign-in"]')) if (el.checkVisibility({ visibilityProperty: true })) shown.push(el.textContent ?? '');
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const center = new CommandCenterPage(page);
    await center.open('/home');
    await center.featuredAgents.nth(3).waitFor();
    expect(await center.featuredAgents.count()).toBe(4);

    await center.hostedRows.first().waitFor();
    expect(await center.hostedRows.count()).toBe(3);
    expect(await center.hostedRow('Running box').getByRole('link', { name: 'LAUNCH' }).getAttribute('href')).toBe('http://127.0.0.9:8080/');
    expect(await center.hostedRow('Running box').textContent()).toContain('Created Today');
    expect(await center.hostedRow('Broken box').getByTestId('hosted-error').getAttribute('title')).toBe('Disk quota exceeded');
    expect(await center.hostedRow('Fresh box').getByRole('link', { name: 'LAUNCH' }).count()).toBe(0);

    await center.licenseRows.first().waitFor();
    const text = (await center.licensesCard.textContent()) ?? '';
    expect(text).toContain(`Center Community ${run}`);
    expect(text).toContain('Payment pending');
    expect(await center.licensesCard.getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe('/licenses');
    expect(await page.evaluate(() => (window as unknown as { signInPromptsShown: string[] }).signInPromptsShown)).toEqual([]);

    // The private deployment synced in the previous test, removed with the confirmation.
    const row = center.privateRows.filter({ hasText: `Offline ${run}` });
    await row.waitFor();
    expect(await row.getByRole('link', { name: 'LAUNCH' }).getAttribute('target')).toBe('_blank');
    await row.getByRole('button', { name: `Remove Offline ${run}` }).click();
    expect(await center.removeDialog.textContent()).toContain('Only the reference is removed');
    await center.removeDialog.getByRole('button', { name: 'Remove Reference' }).click();
    await row.waitFor({ state: 'detached' });
  });

  it('asks a visitor to sign in on the Command Center cards', async () => {
    const center = new CommandCenterPage(browser.page());
    await center.open('/home');
    await center.hostedCard.getByText('Sign in to manage your deployments').waitFor();
    expect(await center.hostedCard.getByRole('button', { name: 'Sign In' }).count()).toBe(1);
    await center.featuredAgents.first().waitFor();
  });
});
