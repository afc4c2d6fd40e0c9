import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api } from '../test/support/api-client';
import { signIn } from '../test/support/sign-in';
import { AppShell } from './pages/app-shell';
import { SetupGuidePage } from './pages/setup-guide';
import { useBrowser } from './support/browser';
import { e2eUsers } from './support/users';

/** The setup guide generator: in the app with the account's license, and the public /docs variant. */
describe('setup guide', () => {
  const browser = useBrowser();
  const run = Date.now().toString(36);

  async function trialLicenseKey(): Promise<string> {
    const server = { url: browser.baseUrl };
    const { accessToken } = await signIn(server, e2eUsers.setupGuide.email, e2eUsers.setupGuide.password);
    const mine = (await api(server, '/api/licenses', { token: accessToken })).body as { type: string; status: string; license_key: string | null }[];
    const existing = mine.find((l) => l.type === 'trial' && l.status === 'active' && l.license_key);
    if (existing?.license_key) return existing.license_key;
    const created = await api(server, '/api/licenses', { method: 'POST', token: accessToken, body: { type: 'trial', organization_name: `Guide Org ${run}` } });
    expect(created.status).toBe(201);
    return (created.body as { license_key: string }).license_key;
  }

  it('generates Kubernetes configuration with the account license and the chosen version, copies and downloads it', async () => {
    const key = await trialLicenseKey();
    const page = browser.page();
    await browser.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await new AppShell(page).signIn(e2eUsers.setupGuide, '/private-deployments');
    const guide = new SetupGuidePage(page);

    await guide.category('cloud').click();
    await page.waitForURL('**/private-deployments/category/cloud');
    await guide.tab('AWS').click();
    await page.waitForURL('**/private-deployments/category/cloud/provider/aws');
    // The deployment type defaults to the VM.
    expect(await guide.tab('Virtual Machine (Docker Compose)').getAttribute('aria-selected')).toBe('true');
    await guide.tab('Kubernetes').click();

    await guide.output('values.yaml').waitFor();
    await expect.poll(() => guide.licenseKey.inputValue()).toBe(key);
    await expect.poll(() => guide.outputText('values.yaml').textContent()).toContain(`licenseKey: ${key}`);

    // Stable versions only by default; the default is the first one.
    await expect.poll(async () => (await guide.versionOptions()).filter((v) => /^\d/.test(v)).length).toBeGreaterThan(0);
    const stable = (await guide.versionOptions()).filter((v) => /^\d/.test(v));
    expect(stable.every((v) => !v.includes('-'))).toBe(true);
    expect(await guide.versionSelect.inputValue()).toBe(stable[0]);
    expect(await guide.outputText('values.yaml').textContent()).toContain(`tag: ${stable[0]}`);

    await guide.devBuilds.check();
    const withDev = (await guide.versionOptions()).filter((v) => /^\d/.test(v));
    const dev = withDev.find((v) => v.includes('-'));
    expect(dev).toBeDefined();
    await guide.versionSelect.selectOption(dev!);
    await expect.poll(() => guide.outputText('values.yaml').textContent()).toContain(`tag: ${dev}`);

    await guide.copyButton('values.yaml').click();
    await guide.copyState('values.yaml').waitFor();
    expect(await guide.copyState('values.yaml').textContent()).toBe('Copied!');

    const [download] = await Promise.all([page.waitForEvent('download'), guide.downloadButton('values.yaml').click()]);
    expect(download.suggestedFilename()).toBe('values.yaml');
    const saved = fs.readFileSync((await download.path())!, 'utf8');
    expect(saved).toContain(`licenseKey: ${key}`);
    expect(saved).toContain(`tag: ${dev}`);

    // Secrets are masked until shown.
    const kcPassword = guide.guide.getByLabel('Identity provider admin password', { exact: true });
    expect(await kcPassword.getAttribute('type')).toBe('password');
    const show = guide.guide.getByRole('button', { name: 'Show Identity provider admin password' });
    await show.click();
    expect(await show.getAttribute('aria-pressed')).toBe('true');
    expect(await kcPassword.getAttribute('type')).toBe('text');
    expect(await guide.outputText('secrets.sh').textContent()).toContain(`admin-password=${await kcPassword.inputValue()}`);
  });

  it('saves the Docker custom domain and lists it among private deployments', async () => {
    const page = browser.page();
    await new AppShell(page).signIn(e2eUsers.setupGuide, '/private-deployments');
    const guide = new SetupGuidePage(page);
    await guide.category('onprem').click();
    await guide.tab('Docker Compose').click();
    await page.waitForURL('**/private-deployments/category/onprem/platform/docker');

    const form = guide.dockerAccess;
    expect(await form.getByRole('button', { name: 'Configuration Saved' }).isDisabled()).toBe(true);
    await form.getByLabel('Use a custom domain').check();
    const domain = `guide-${run}.example.com`;
    await form.getByLabel('Custom domain', { exact: true }).fill(`  ${domain} `);
    await form.getByRole('button', { name: 'Save Configuration' }).click();
    await form.getByRole('button', { name: 'Configuration Saved' }).waitFor();

    await guide.connectedList.getByText(domain).first().waitFor();
    // The .env follows the form, not the saved Docker access.
    expect(await guide.outputText('.env').textContent()).toContain("SERVER_URL='http://localhost:8080'");

    // Saved in the browser: after a reload the form still reads Configuration Saved with the domain.
    await page.reload();
    await guide.dockerAccess.waitFor();
    expect(await guide.dockerAccess.getByLabel('Custom domain', { exact: true }).inputValue()).toBe(domain);
    expect(await guide.dockerAccess.getByRole('button', { name: 'Configuration Saved' }).isDisabled()).toBe(true);
  });

  it('opens the cloud section of /docs from #cloud-providers, with latest as the image tag and the support panel', async () => {
    const page = browser.page();
    const guide = new SetupGuidePage(page);
    await page.goto('/docs#cloud-providers');
    await guide.section('cloud').waitFor();
    expect(await guide.category('cloud').getAttribute('aria-current')).toBe('page');
    await guide.output('.env').waitFor();
    expect(await guide.outputText('.env').textContent()).toMatch(/^[A-Z0-9]+_IMAGE_TAG='latest'$/m);

    await guide.supportButton.click();
    await guide.supportDialog.waitFor();
    await guide.supportDialog.getByRole('button', { name: 'Close' }).click();

    await guide.category('onprem').click();
    await guide.section('onprem').waitFor();
    await guide.tab('VMware vSphere').click();
    expect(await guide.section('onprem').textContent()).toContain('vSphere 6.7+');
  });
});
