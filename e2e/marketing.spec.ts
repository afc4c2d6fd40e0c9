import { describe, expect, it } from 'vitest';
import { MarketingSite } from './pages/marketing';
import { useBrowser } from './support/browser';

/**
 * Every marketing route with its document title (public-site 2.1, 2.3). Pages other teams build
 * are checked by title and h1 only; the pages of this issue also by a text a visitor reads.
 */
const routes: [path: string, title: string, keyText?: string][] = [
  ['/', 'AI Agents on a Private GenAI Stack'],
  ['/pricing', 'Pricing'],
  ['/deployment', 'Deployment Options', 'Data sovereignty'],
  ['/docs', 'Documentation'],
  ['/resources', 'Resources'],
  ['/comparison', 'Comparison', 'SaaS AI providers'],
  ['/service-providers', 'Service Providers', 'Annual revenue per partner'],
  ['/code', 'Code'],
  ['/agents-gallery', 'Agent Gallery'],
  ['/privacy-policy', 'Privacy Policy', 'Last updated: January 15, 2025'],
  ['/terms-of-service', 'Terms of Service', 'Subscription Service Agreement'],
  ['/cookie-policy', 'Cookie Policy', 'Why there is no cookie banner'],
  // Unknown marketing paths fall back to the landing page.
  ['/no-such-page', 'AI Agents on a Private GenAI Stack'],
];

describe('marketing site', () => {
  const browser = useBrowser();

  it.each(routes)('%s has the title "%s" and its heading', async (path, title, keyText) => {
    const site = new MarketingSite(browser.page());
    await site.open(path);
    expect(await site.waitForTitle(title)).toMatch(new RegExp(`^${title} \\| \\S`));
    await site.heading.waitFor();
    expect((await site.heading.textContent())?.trim()).not.toBe('');
    if (keyText) await site.main.getByText(keyText, { exact: false }).first().waitFor();
  });

  it('links the deployment options to the app routes', async () => {
    const page = browser.page();
    const site = new MarketingSite(page);
    await site.open('/deployment');
    await site.installCommand.waitFor();
    const hrefs = await site.main.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/deployments\/type\/[a-z0-9]+-cloud$/),
        '/deployments/type/trial-vm',
        '/deployments/type/gpu-instance',
        '/private-deployments/category/local',
        '/private-deployments/category/cloud/provider/aws',
        '/private-deployments/category/cloud/provider/oci',
        '/private-deployments/category/onprem/platform/vmware',
        '/licenses',
      ]),
    );
    expect(await page.locator('#try-demo').count()).toBe(1);
    expect(await page.locator('#data-sovereignty').count()).toBe(1);
  });

  it('copies the local install command for the chosen OS and GPU', async () => {
    const page = browser.page();
    await browser.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: browser.baseUrl });
    const site = new MarketingSite(page);
    await site.open('/deployment');
    await site.installCommand.waitFor();

    await site.osOption('Linux').check();
    await site.gpuCheckbox.check();
    expect(await site.installCode.textContent()).toMatch(/^curl -sL -O https:\/\/get\.[a-z0-9]+ml\.tech\/install\.sh && chmod \+x install\.sh && sudo \.\/install\.sh --cli --controlplane --runner$/);
    // A Mac has no NVIDIA GPU: the command goes CPU-only (no --runner) and the GPU box cannot be ticked.
    await site.osOption('macOS').check();
    expect(await site.installCode.textContent()).toMatch(/install\.sh --cli --controlplane$/);
    expect(await site.gpuCheckbox.isDisabled()).toBe(true);

    const command = (await site.installCode.textContent()) ?? '';
    await site.copyButton('Copy install command').click();
    await site.copyButton('Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);
    // The confirmation lasts 2 seconds, then the button reads Copy again.
    await site.copyButton('Copy install command').waitFor({ timeout: 4000 });
  });

  it('opens the legal pages from the footer without reloading, and jumps to a section from the contents', async () => {
    const page = browser.page();
    const site = new MarketingSite(page);
    await site.open('/deployment');
    await site.heading.waitFor();
    await site.markDocument();

    for (const [link, path, title] of [
      ['Privacy Policy', '/privacy-policy', 'Privacy Policy'],
      ['Cookie Policy', '/cookie-policy', 'Cookie Policy'],
      ['Terms of Service', '/terms-of-service', 'Terms of Service'],
    ] as const) {
      await site.footerLegalLink(link).click();
      await page.waitForURL((url) => url.pathname === path, { waitUntil: 'commit' });
      await site.waitForTitle(title);
    }
    expect(await site.isSameDocument()).toBe(true);

    await site.governingLawTable.waitFor();
    const rows = await site.governingLawTable.locator('tbody tr').allTextContents();
    expect(rows[0]).toContain('arbitration in Santa Clara');
    expect(rows[1]).toContain('Utrecht courts after mediation');
    expect(rows[2]).toContain('London under the LCIA Rules, with one arbitrator');

    await site.tocLink('18.6 Force majeure').click();
    await page.waitForURL((url) => url.hash === '#force-majeure');
    expect(await site.isSameDocument()).toBe(true);
  });
});
