import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LandingPage } from './pages/landing';
import { useBrowser } from './support/browser';

/** The landing page at /, once its hero shows. */
async function openLanding(page: Page): Promise<LandingPage> {
  const landing = new LandingPage(page);
  await landing.open();
  return landing;
}

const until = async (check: () => Promise<boolean>, what: string, timeoutMs = 5000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('landing page on a desktop', () => {
  const browser = useBrowser();

  it('keeps role buttons, dots and text in sync, by click and by arrow keys', async () => {
    const landing = await openLanding(browser.page());
    expect(await landing.heroVariant()).toBe('1');
    expect(await landing.roleButton('Business Leader').getAttribute('aria-selected')).toBe('true');

    await landing.roleButton('Technical Leader').click();
    expect(await landing.heroVariant()).toBe('2');
    expect(await landing.dot(2).getAttribute('aria-current')).toBe('true');
    expect(await landing.dot(1).getAttribute('aria-current')).toBeNull();
    expect(await landing.heroTitle.textContent()).toContain('GenAI stack');

    await landing.dot(1).click();
    expect(await landing.heroVariant()).toBe('1');
    expect(await landing.roleButton('Business Leader').getAttribute('aria-selected')).toBe('true');
    expect(await landing.roleButton('Technical Leader').getAttribute('aria-selected')).toBe('false');

    await landing.roleButton('Business Leader').focus();
    await browser.page().keyboard.press('ArrowRight');
    expect(await landing.heroVariant()).toBe('2');
    expect(await landing.dot(2).getAttribute('aria-current')).toBe('true');
  });

  it('shows a legible picture of the product beside the hero text, at its fixed size', async () => {
    const landing = await openLanding(browser.page());
    const shot = await landing.heroShot.evaluate((el) => {
      const img = el as HTMLImageElement;
      const frame = (img.parentElement ?? img).getBoundingClientRect();
      return {
        loaded: img.complete && img.naturalWidth > 0,
        left: frame.left,
        top: frame.top,
        width: frame.width,
        height: frame.height,
        // the screenshot's pixels per CSS pixel as drawn: about 1 keeps its 10–13 px text readable (issue 44)
        scale: img.getBoundingClientRect().width / img.naturalWidth,
        text: document.querySelector('.lp-hero-title')?.getBoundingClientRect().right ?? 0,
      };
    });
    expect(shot.loaded).toBe(true);
    // right of the text, above the fold, the picture's fixed shape, drawn near the screenshot's own size at 1280 px
    expect(shot.left).toBeGreaterThanOrEqual(shot.text);
    expect(shot.top).toBeLessThan(400);
    expect(Math.abs(shot.width / shot.height - 480 / 320)).toBeLessThan(0.02);
    expect(shot.width).toBeGreaterThan(440);
    expect(shot.scale).toBeGreaterThan(0.85);
    expect(await landing.heroShot.getAttribute('fetchpriority')).toBe('high');
  });

  it("plays the selected showcase tab's clip of the real product, shows labelled illustrations where there is none, and loads a hidden tab's poster only when it is chosen", async () => {
    const page = browser.page();
    const landing = await openLanding(page);
    await landing.productTab('Agents').scrollIntoViewIfNeeded();
    expect(await landing.productTab('Agents').getAttribute('aria-selected')).toBe('true');
    const agents = landing.showcaseVideo('agents');
    await until(async () => (await landing.clipState(agents)).time > 0.2, 'the agents clip to play', 15_000);

    // every tab without a recording of its feature shows a drawing labelled as an illustration
    for (const [label, tab] of [
      ['Models', 'models'],
      ['RAG', 'rag'],
      ['Vision', 'vision'],
      ['Evals', 'evals'],
      ['GPU Scheduling', 'gpu'],
    ] as const) {
      await landing.productTab(label).click();
      expect(await page.getByRole('tabpanel', { name: label }).isVisible()).toBe(true);
      const drawing = page.getByTestId(`showcase-illustration-${tab}`);
      expect(await drawing.isVisible()).toBe(true);
      expect(await drawing.locator('figcaption').textContent()).toMatch(/^Illustration: /);
      expect(await page.locator(`#product-panel-${tab} video`).count()).toBe(0);
    }
    expect((await landing.clipState(agents)).playing).toBe(false);
    // a hidden tab's clip and poster load nothing until it is chosen
    const auth = landing.showcaseVideo('auth');
    expect(await landing.clipState(auth)).toMatchObject({ readyState: 0, poster: '' });
    const posters = await page.evaluate(() => performance.getEntriesByType('resource').filter((r) => /showcase-.*\.jpg$/.test(r.name)).length);
    expect(posters).toBe(1);
    await landing.productTab('Auth').click();
    await until(async () => (await landing.clipState(auth)).time > 0.2, 'the Auth clip to play', 15_000);
    expect(await landing.clipState(auth)).toMatchObject({ playing: true, width: 960, src: '/media/showcase-auth.webm', poster: '/media/showcase-auth.jpg' });
    expect(await auth.getAttribute('aria-label')).toContain('Auth');
  });

  it('Home → Platform scrolls to the product showcase and Home then highlights Platform', async () => {
    const page = browser.page();
    const landing = await openLanding(page);
    await landing.navMenuButton('Home').click();
    expect(await landing.navMenuButton('Home').getAttribute('aria-expanded')).toBe('true');
    await landing.navMenuLink('Platform').click();
    await page.waitForURL((u) => u.hash === '#product-showcase');
    await until(async () => {
      const top = await page.locator('#product-showcase').evaluate((el) => el.getBoundingClientRect().top);
      return top >= 0 && top < 200;
    }, 'the showcase to scroll into view');
    await landing.navMenuButton('Home').click();
    await until(async () => (await landing.navMenuLink('Platform').getAttribute('aria-current')) === 'location', 'Platform to be highlighted');
    expect(await landing.navMenuLink('Solutions').getAttribute('aria-current')).toBeNull();

    await page.keyboard.press('Escape');
    expect(await landing.navMenuButton('Home').getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the vision demo from the architecture: Healthcare is selected and the panel closes again', async () => {
    const page = browser.page();
    const landing = await openLanding(page);
    await page.getByTestId('arch-agent-vision').click();
    await landing.demoPanel.waitFor();
    expect(await landing.demoPanel.getByRole('heading').textContent()).toBe('Vision Agent demo');
    // a real demo: the clip of the product plays in the panel
    // the recording of the agent gallery: the vision clip showed the marketing gallery, not a vision agent (issue 44)
    expect(await landing.demoVideo.getAttribute('src')).toBe('/media/showcase-agents.webm');
    await until(async () => (await landing.clipState(landing.demoVideo)).time > 0.2, 'the demo clip to play', 15_000);
    expect(await landing.industryTab('Healthcare').getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#industry-panel-healthcare').isVisible()).toBe(true);
    expect(await page.locator('#industry-panel-financial').isVisible()).toBe(false);
    await landing.demoPanel.getByRole('button', { name: 'Close demo' }).click();
    await landing.demoPanel.waitFor({ state: 'detached' });
  });
});

describe('company detection on the landing page', () => {
  const browser = useBrowser();

  /** Answers GET /api/user-info as a configured lookup service would, once `release` is called. */
  const stubDetection = async (status: number, body: unknown) => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((r) => (release = r));
    await browser.page().route('**/api/user-info', async (route) => {
      await released;
      await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    });
    return release;
  };
  const recordTracking = () =>
    browser.page().addInitScript(() => {
      const w = window as unknown as { tracked: string[] };
      w.tracked = [];
      window.addEventListener('launchpad:track', (e) => w.tracked.push((e as CustomEvent<{ event: string }>).detail.event));
    });
  const tracked = () => browser.page().evaluate(() => (window as unknown as { tracked: string[] }).tracked);
  const healthcare = { companyInfo: { name: 'Example Clinics', category: { sector: 'Health Care' } }, confidenceScore: 0.8, industryMatch: 'healthcare' };

  it('selects the detected industry and says why', async () => {
    await recordTracking();
    const release = await stubDetection(200, healthcare);
    const landing = await openLanding(browser.page());
    expect(await landing.industryTab('Financial Services').getAttribute('aria-selected')).toBe('true');
    release();
    await until(async () => (await landing.industryTab('Healthcare').getAttribute('aria-selected')) === 'true', 'Healthcare to be selected');
    expect(await browser.page().getByTestId('detected-company').textContent()).toContain('Example Clinics');
    expect(await tracked()).toEqual(['company-detected', 'industry-auto-switched']);
  });

  it("never overrides the visitor's own choice", async () => {
    await recordTracking();
    const release = await stubDetection(200, healthcare);
    const landing = await openLanding(browser.page());
    await landing.industryTab('Regulated Enterprise').click();
    release();
    await until(async () => (await tracked()).includes('company-detected'), 'the detection to arrive');
    expect(await landing.industryTab('Regulated Enterprise').getAttribute('aria-selected')).toBe('true');
    expect(await tracked()).toEqual(['industry-manually-switched', 'company-detected']);
  });

  it('carries on without an industry when the lookup fails', async () => {
    const release = await stubDetection(502, { error: 'Company lookup failed' });
    release();
    const landing = await openLanding(browser.page());
    await landing.industryTab('Financial Services').waitFor();
    expect(await landing.industryTab('Financial Services').getAttribute('aria-selected')).toBe('true');
    expect(await browser.page().getByTestId('detected-company').count()).toBe(0);
  });
});

describe('landing page on a phone (375 px, touch)', () => {
  const browser = useBrowser({ viewport: { width: 375, height: 740 } });

  it('swipes the hero to the Technical Leader variant; a short swipe snaps back', async () => {
    const landing = await openLanding(browser.page());
    await landing.swipeHero(-30);
    expect(await landing.heroVariant()).toBe('1');

    await landing.swipeHero(-120);
    await until(async () => (await landing.heroVariant()) === '2', 'the Technical Leader variant');
    expect(await landing.roleButton('Technical Leader').getAttribute('aria-selected')).toBe('true');
    expect(await landing.dot(2).getAttribute('aria-current')).toBe('true');

    // The end: a further left swipe cannot pass variant 2; a right swipe comes back.
    await landing.swipeHero(-120);
    expect(await landing.heroVariant()).toBe('2');
    await landing.swipeHero(120);
    await until(async () => (await landing.heroVariant()) === '1', 'the Business Leader variant');
  });

  it('stacks the picture of the product below the hero text without widening the page', async () => {
    const page = browser.page();
    const landing = await openLanding(page);
    // the picture's frame
    const layout = await landing.heroShot.evaluate((el) => ({
      imgTop: (el.parentElement ?? el).getBoundingClientRect().top,
      imgRight: (el.parentElement ?? el).getBoundingClientRect().right,
      textBottom: document.querySelector('.lp-dots')?.getBoundingClientRect().bottom ?? Infinity,
      scrollWidth: document.documentElement.scrollWidth,
    }));
    expect(layout.imgTop).toBeGreaterThan(layout.textBottom);
    expect(layout.imgRight).toBeLessThanOrEqual(375);
    expect(layout.scrollWidth).toBeLessThanOrEqual(375);
  });

  it('opens the menu, opens Resources with a tap and follows a link', async () => {
    const page = browser.page();
    const landing = await openLanding(page);
    expect(await landing.nav.isVisible()).toBe(false);
    await landing.tap(landing.menuToggle);
    await landing.nav.waitFor({ state: 'visible' });

    await landing.tap(landing.navMenuButton('Resources'));
    expect(await landing.navMenuButton('Resources').getAttribute('aria-expanded')).toBe('true');
    await landing.tap(landing.navMenuLink('ROI Calculator'));
    await page.waitForURL((u) => u.pathname === '/resources' && u.hash === '#roi-calculator');
    await landing.nav.waitFor({ state: 'hidden' });
  });
});
