import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AdminDeploymentsPage } from './pages/admin-deployments';
import { signInTo } from './pages/app-shell';
import { DeploymentsPage, remainingSeconds } from './pages/deployments';
import { useBrowser } from './support/browser';
import { e2eUsers } from './support/users';

/**
 * The Hosted Deployments journey on the local provider. The tests of the first block run in order
 * on one trial VM (created by the first), each in a fresh browser signed in again, so a failing
 * step does not hide the ones after it.
 */
/** Re-reads `read` every 250 ms until it yields a value, for at most `timeoutMs`. */
async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('hosted deployments', () => {
  const browser = useBrowser();
  const name = `e2e-vm-${Date.now().toString(36)}`;

  const signedIn = () => signInTo(browser.page(), e2eUsers.user, '/deployments', DeploymentsPage, (d) => d.typeCard('trial-vm'));

  it('shows a visitor the three cards read-only and a register prompt instead of the list', async () => {
    const deployments = new DeploymentsPage(browser.page());
    await deployments.open('/deployments/type/trial-vm');
    await deployments.signInPrompt.waitFor();
    expect(await deployments.typeCard('helix-cloud').textContent()).toContain('$75 per month per user');
    const trial = (await deployments.typeCard('trial-vm').textContent()) ?? '';
    for (const claim of ['$0.10 per hour', '$4 free credit', 'Docker control plane', 'External LLM provider', 'Starts in seconds']) expect(trial).toContain(claim);
    const gpu = (await deployments.typeCard('gpu-instance').textContent()) ?? '';
    for (const claim of ['From $5 per hour', '1× NVIDIA L40S 48GB', 'One VM, Docker Compose', 'Private LLM/VLM/embeddings', 'Provisions in 30 minutes', 'Powered by']) expect(gpu).toContain(claim);
    expect(await deployments.form.count()).toBe(0);
    expect(await deployments.typeCard('trial-vm').getByRole('button').count()).toBe(0);
  });

  it('creates a trial VM with Enter: Creating..., running, and an auto-opened terminal that closes itself after the install', async () => {
    const deployments = await signedIn();
    const page = browser.page();
    // Hold the create request and the first poll a moment, so "Creating..." and "Starting..." are
    // visible however fast the local machine is.
    const keys: string[] = [];
    let polls = 0;
    await page.route(/\/api\/deployments(\/[0-9a-f-]{36})?$/, async (route) => {
      const request = route.request();
      if (request.method() === 'POST') {
        keys.push((await request.allHeaders())['idempotency-key'] ?? '');
        await new Promise((r) => setTimeout(r, 700));
      } else if (request.method() === 'GET' && /[0-9a-f-]{36}$/.test(request.url()) && polls++ === 0) {
        await new Promise((r) => setTimeout(r, 700));
      }
      await route.continue();
    });

    await deployments.chooseType('trial-vm');
    expect(new URL(page.url()).pathname).toBe('/deployments/type/trial-vm');
    await deployments.createByEnter(name, { timeout: '1 hour' });
    await deployments.submitButton.filter({ hasText: 'Creating...' }).waitFor();
    await deployments.form
      .getByTestId('starting')
      .filter({ hasText: `Starting... ${name}` })
      .waitFor();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);

    // Once the machine is installing the terminal opens by itself, follows the install, and
    // closes itself 2 s after the output shows "Cloud-init … finished".
    const row = deployments.row(name);
    // issue 45: the page went to the new row (scrolled into the window, highlighted) and the terminal under it
    await page.waitForFunction((n) => {
      const el = [...document.querySelectorAll('[data-testid=deployment-row]')].find((r) => r.textContent?.includes(n));
      const top = el?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < window.innerHeight;
    }, name);
    await deployments.terminalPanel(row).waitFor({ timeout: 60_000 });
    await deployments.terminalPanel(row).waitFor({ state: 'detached', timeout: 60_000 });

    // issue 45: what the terminal showed is kept on the server and readable from the row after the auto-close
    await row.getByRole('button', { name: 'Show provisioning output' }).click();
    const output = row.getByTestId('provisioning-output');
    await output.locator('pre').waitFor();
    expect(await output.textContent()).toMatch(/Cloud-init.*finished/);
    await row.getByRole('button', { name: 'Hide provisioning output' }).click();

    await deployments.waitForStatus(row, 'running');
    expect(await deployments.statusBadge(row).textContent()).toContain('running');
    expect(await row.textContent()).toContain('$0.10/hr');
    expect(await row.textContent()).toContain('Trial VM');
    expect(await deployments.countdownTime(row).textContent()).toMatch(/^(59m|1h 0m) \d+s remaining$/);
    expect(await deployments.button(row, 'Open Terminal').isVisible()).toBe(true);
  }, 120_000);

  it('opens the terminal by hand and runs a command in the deployment', async () => {
    const deployments = await signedIn();
    const row = deployments.row(name);
    await deployments.waitForStatus(row, 'running');
    await deployments.button(row, 'Open Terminal').click();
    await deployments.terminalPanel(row).waitFor();
    await deployments.terminalOutput(row).filter({ hasText: '*** Connected ***' }).waitFor({ timeout: 15_000 });
    await deployments.runInTerminal(row, 'echo hello-$((6*7))');
    await deployments.terminalOutput(row).filter({ hasText: 'hello-42' }).waitFor({ timeout: 15_000 });
    // A manually opened terminal stays open until closed.
    await deployments.button(row, 'Close Terminal').click();
    await deployments.terminalPanel(row).waitFor({ state: 'detached' });
  });

  it('launches the UI, extends the timeout, edits the version and downloads the logs', async () => {
    const deployments = await signedIn();
    const row = deployments.row(name);
    await deployments.waitForStatus(row, 'running');
    const id = await deployments.deploymentId(row);

    const tab = await deployments.launchUi(row);
    expect(await tab.locator('body').textContent()).toContain('is running');
    await tab.close();

    const before = remainingSeconds((await deployments.countdownTime(row).textContent()) ?? '');
    expect(before).toBeDefined();
    expect(before).toBeLessThanOrEqual(3600);
    await deployments.extendTimeout(row, '4 hours');
    // The new timeout counts from now: about four hours remain (never less than three).
    const after = await eventually(async () => {
      const seconds = remainingSeconds((await deployments.countdownTime(row).textContent()) ?? '');
      return seconds !== undefined && seconds > 3 * 3600 ? seconds : undefined;
    });
    expect(after).toBeGreaterThan((before ?? 0) + 2 * 3600);

    const current = ((await deployments.versionBadge(row).textContent()) ?? '').trim();
    const next = (await deployments.versionChoices(row)).find((v) => v !== current);
    expect(next).toBeDefined();
    await deployments.editVersion(row, next ?? '');
    await deployments
      .toast('Version Updated')
      .filter({ hasText: `updated to version ${next} and may take a few minutes to be ready` })
      .waitFor();
    await deployments
      .versionBadge(row)
      .filter({ hasText: next ?? '' })
      .waitFor();

    const download = await deployments.downloadLogs(row);
    expect(download.suggestedFilename()).toBe(`${id}-logs.zip`);
    const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
    const log = strFromU8(files['cloud-init-output.log'] ?? new Uint8Array());
    expect(log).toContain('Cloud-init');
    expect(log).toContain('finished');
  });

  it('deletes the deployment after a confirmation that warns all data is destroyed', async () => {
    const deployments = await signedIn();
    const row = deployments.row(name);
    await row.waitFor();
    const question = await deployments.delete(row);
    expect(question).toContain('All data');
    expect(question).toContain('cannot be undone');
    await row.waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('saves a typed model-hub token before a GPU create, then names the shortfall a refused create reports', async () => {
    const deployments = await signedIn();
    const page = browser.page();
    // The server's 402 is answered here, so the test does not depend on this user's balance.
    const bodies: unknown[] = [];
    await page.route(/\/api\/deployments$/, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      bodies.push(route.request().postDataJSON());
      await route.fulfill({ status: 402, contentType: 'application/json', body: JSON.stringify({ error: 'Insufficient balance: the first hour costs $5.00', details: [] }) });
    });

    await deployments.chooseType('gpu-instance');
    await deployments.form.getByTestId('hf-token').fill('hf_e2etoken9876');
    await deployments.createByEnter('e2e-gpu-refused');
    await deployments.form.getByTestId('hf-token-hint').filter({ hasText: 'Your saved token ends in 9876' }).waitFor();
    const error = deployments.form.getByTestId('create-error');
    await error.filter({ hasText: 'Insufficient balance: the first hour costs $5.00. Please add funds to your balance to continue.' }).waitFor();
    expect(await error.getByRole('link', { name: 'Add funds' }).getAttribute('href')).toBe('/balance');
    expect(bodies).toEqual([expect.objectContaining({ configId: 'gpu_instance_civo', name: 'e2e-gpu-refused', timeoutMins: null })]);
    expect(await deployments.row('e2e-gpu-refused').count()).toBe(0);
  });
});

describe('deployment dashboard (admin)', () => {
  const browser = useBrowser();

  it('deletes two deployments selected with a click and a shift-click', async () => {
    const suffix = Date.now().toString(36);
    const names = [`e2e-admin-a-${suffix}`, `e2e-admin-b-${suffix}`];

    const deployments = await signInTo(browser.page(), e2eUsers.user, '/deployments/type/trial-vm', DeploymentsPage, (d) => d.form);
    const ids: string[] = [];
    for (const n of names) {
      await deployments.createByEnter(n);
      await deployments.row(n).waitFor();
      await deployments.waitUntilIdle();
      ids.push(await deployments.deploymentId(deployments.row(n)));
    }

    const adminPage = await (await browser.newContext()).newPage();
    const dashboard = await signInTo(adminPage, e2eUsers.admin, '/dashboard', AdminDeploymentsPage, (d) => d.table);
    for (const id of ids) await dashboard.row(id).waitFor();
    expect(await dashboard.row(ids[0] ?? '').textContent()).toContain(e2eUsers.user.email);

    // Newest first: b then a, side by side at the top.
    const order = await dashboard.rowIds();
    const [first, second] = [order.indexOf(ids[1] ?? ''), order.indexOf(ids[0] ?? '')];
    expect(second - first).toBe(1);
    await dashboard.checkbox(dashboard.rows.nth(first)).click();
    await dashboard.checkbox(dashboard.rows.nth(second)).click({ modifiers: ['Shift'] });
    const question = await dashboard.confirmAndClick(dashboard.deleteSelectedButton(2));
    expect(question).toBe('Are you sure you want to delete 2 deployment(s)?');
    for (const id of ids) await dashboard.row(id).waitFor({ state: 'detached', timeout: 15_000 });
  });
});
