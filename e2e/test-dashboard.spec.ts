import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TestRunDetail } from '../shared/api/test-runs';
import { sampleArtifactsZip } from '../test/support/sample-artifacts';
import { AppShell } from './pages/app-shell';
import { TestDashboardPage } from './pages/test-dashboard';
import { useBrowser } from './support/browser';
import { e2eUsers } from './support/users';

const ciSecret = 'e2e-ci-secret';

/** Two runs uploaded as the platform's CI does, then filtered, opened and read in Chromium. */
describe('Test Dashboard', () => {
  const browser = useBrowser();

  /** POST /api/ci/test-results with multipart fields and the artifacts zip, like `curl -F`. */
  async function uploadRun(fields: Record<string, string>, zip: Uint8Array): Promise<TestRunDetail> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('artifacts', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'artifacts.zip');
    const res = await fetch(`${browser.baseUrl}/api/ci/test-results`, { method: 'POST', headers: { 'X-CI-Secret': ciSecret }, body: form });
    expect(res.status).toBe(201);
    return (await res.json()) as TestRunDetail;
  }

  it('filters by test type, opens a run, expands its logs and views a screenshot', async () => {
    const tag = randomBytes(3).toString('hex');
    const commit = randomBytes(20).toString('hex');
    const oauth = await uploadRun(
      {
        branch: `e2e/oauth-${tag}`,
        commit,
        build_number: `9${tag.replace(/\D/g, '')}1`,
        build_url: 'https://ci.example.test/build/1',
        test_type: 'oauth_integration',
        status: 'failed',
        duration: '95',
        exit_code: '1',
      },
      sampleArtifactsZip({ testType: 'oauth_integration', status: 'failed', logLines: 120, conversationLines: 140, screenshots: 3 }),
    );
    const smoke = await uploadRun(
      {
        branch: `e2e/smoke-${tag}`,
        commit: randomBytes(20).toString('hex'),
        build_number: `8${tag.replace(/\D/g, '')}2`,
        build_url: '',
        test_type: 'smoke',
        status: 'passed',
        duration: '12',
        exit_code: '0',
      },
      sampleArtifactsZip({ testType: 'smoke', logLines: 10, conversationLines: 5, screenshots: 1 }),
    );

    const page = browser.page();
    const dashboard = new TestDashboardPage(page);
    await dashboard.open();
    await dashboard.loginMessage.waitFor();

    await new AppShell(page).signIn(e2eUsers.user, '/test-dashboard');
    await dashboard.row(oauth.id).waitFor();
    await dashboard.row(smoke.id).waitFor();
    const cells = await dashboard.cells(oauth.id);
    expect(cells.slice(1, 6)).toEqual(['OAuth Integration #' + oauth.build_number, `e2e/oauth-${tag}`, commit.slice(0, 8), '1m 35s', '3']);
    expect(await dashboard.row(oauth.id).getByRole('img', { name: 'failed' }).count()).toBe(1);

    await dashboard.filterBy('Smoke Tests');
    await page.waitForURL(/type=smoke/);
    await dashboard.row(smoke.id).waitFor();
    await dashboard.row(oauth.id).waitFor({ state: 'detached' });
    await dashboard.filterBy('OAuth Integration');
    await dashboard.row(oauth.id).waitFor();
    await dashboard.row(smoke.id).waitFor({ state: 'detached' });

    await dashboard.row(oauth.id).click();
    await page.waitForURL(new RegExp(`run=${oauth.id}`));
    await dashboard.detail.waitFor();
    expect(await dashboard.detail.getByRole('heading', { level: 2, name: 'OAuth Integration' }).count()).toBe(1);
    expect(await dashboard.detail.getByTestId('run-commit').textContent()).toBe(commit);
    expect(await dashboard.detail.getByTestId('run-error').textContent()).toContain('Exited with code 1');

    // The conversation log shows 100 of its 140 lines until Show More.
    const conversation = dashboard.conversationLogs.first();
    const conversationText = dashboard.logText('llm_conversation_agent.txt');
    await conversationText.waitFor();
    expect((await conversationText.textContent())?.split('\n')).toHaveLength(100);
    await dashboard.showMore(conversation).click();
    expect((await conversationText.textContent())?.split('\n')).toHaveLength(140);

    // The execution log shows 50 of its 120 lines.
    const logText = dashboard.logText('Execution log');
    expect((await logText.textContent())?.split('\n')).toHaveLength(50);
    expect(await dashboard.showMore(dashboard.executionLog).textContent()).toBe('Show More (70 more lines)');
    await dashboard.showMore(dashboard.executionLog).click();
    expect(await logText.textContent()).toContain('[0120] oauth_integration: step 120');

    // Screenshots: three thumbnails; the second opens in the viewer at full size.
    await expect.poll(() => dashboard.screenshotThumbs.count()).toBe(3);
    await dashboard.screenshotThumbs.nth(1).locator('img').waitFor();
    await dashboard.screenshotThumbs.nth(1).click();
    await dashboard.viewer.waitFor();
    const big = dashboard.viewer.getByRole('img', { name: 'screenshots/02_step.png' });
    await big.waitFor();
    await page.waitForFunction(() => (document.querySelector('[data-testid=screenshot-viewer] img') as HTMLImageElement | null)?.naturalWidth === 320);
    await dashboard.viewer.getByRole('button', { name: 'Next' }).click();
    await dashboard.viewer.getByRole('img', { name: 'screenshots/03_step.png' }).waitFor();
    await page.keyboard.press('Escape');
    await dashboard.viewer.waitFor({ state: 'detached' });

    await dashboard.backButton.click();
    await dashboard.row(oauth.id).waitFor();
    expect(page.url()).toMatch(/type=oauth_integration/);
    expect(page.url()).not.toMatch(/run=/);
  });
});
