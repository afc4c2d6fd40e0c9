import { describe, expect, it } from 'vitest';
import { LandingPage } from './pages/landing';
import { useBrowser } from './support/browser';

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
    const landing = new LandingPage(browser.page());
    await landing.open();
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

  it('switches the product showcase tab: the new clip is loaded and asked to play, the old one paused, unvisited ones untouched', async () => {
    const page = browser.page();
    const landing = new LandingPage(page);
    await landing.open();
    await landing.productTab('Agents').scrollIntoViewIfNeeded();
    await until(async () => (await landing.showcaseVideo('agents').getAttribute('src')) !== null, 'the agents clip to load');
    expect(await landing.productTab('Agents').getAttribute('aria-selected')).toBe('true');

    await landing.productTab('RAG').click();
    expect(await landing.productTab('RAG').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tabpanel', { name: 'RAG' }).isVisible()).toBe(true);
    await until(async () => (await landing.showcaseVideo('rag').getAttribute('data-autoplay')) === 'on', 'the RAG clip to autoplay');
    expect(await landing.showcaseVideo('rag').getAttribute('src')).toContain('rag');
    expect(await landing.showcaseVideo('agents').evaluate((v) => (v as HTMLVideoElement).paused)).toBe(true);
    expect(await landing.showcaseVideo('agents').getAttribute('data-autoplay')).toBeNull();
    expect(await landing.showcaseVideo('models').getAttribute('src')).toBeNull();
    expect(await landing.showcaseVideo('models').getAttribute('preload')).toBe('none');
  });

  it('Home → Platform scrolls to the product showcase and Home then highlights Platform', async () => {
    const page = browser.page();
    const landing = new LandingPage(page);
    await landing.open();
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
    const landing = new LandingPage(page);
    await landing.open();
    await page.getByTestId('arch-agent-vision').click();
    await landing.demoPanel.waitFor();
    expect(await landing.demoPanel.getByRole('heading').textContent()).toBe('Vision Agent demo');
    expect(await landing.industryTab('Healthcare').getAttribute('aria-selected')).toBe('true');
    await landing.demoPanel.getByRole('button', { name: 'Close demo' }).click();
    await landing.demoPanel.waitFor({ state: 'detached' });
  });
});

describe('landing page on a phone (375 px, touch)', () => {
  const browser = useBrowser({ viewport: { width: 375, height: 740 } });

  it('swipes the hero to the Technical Leader variant; a short swipe snaps back', async () => {
    const landing = new LandingPage(browser.page());
    await landing.open();
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

  it('opens the menu, opens Resources with a tap and follows a link', async () => {
    const page = browser.page();
    const landing = new LandingPage(page);
    await landing.open();
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
