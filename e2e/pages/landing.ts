import type { CDPSession, Locator } from 'playwright-core';
import { PageObject } from './page-object';

/** The public landing page and the site's top bar, as a visitor sees and touches them. */
export class LandingPage extends PageObject {
  private cdp: CDPSession | undefined;

  async open(path = '/'): Promise<void> {
    await this.goto(path);
    await this.hero.waitFor();
  }

  readonly hero = this.testId('hero');
  async heroVariant(): Promise<string | null> {
    return this.hero.getAttribute('data-variant');
  }
  roleButton(name: 'Business Leader' | 'Technical Leader'): Locator {
    return this.hero.getByRole('tab', { name, exact: true });
  }
  dot(n: 1 | 2): Locator {
    return this.hero.getByRole('button', { name: new RegExp(`^Variant ${n}:`) });
  }
  /** the visible hero text */
  readonly heroTitle = this.hero.locator('[role=tabpanel]:not([aria-hidden=true]) h2');

  readonly nav = this.page.getByRole('navigation', { name: 'Main' });
  readonly menuToggle = this.testId('menu-toggle');
  navMenuButton(name: 'Home' | 'Resources'): Locator {
    return this.nav.getByRole('button', { name, exact: true });
  }
  navMenuLink(name: string): Locator {
    return this.nav.getByRole('link', { name, exact: true });
  }

  productTab(name: string): Locator {
    return this.page.getByRole('tablist', { name: 'Platform capabilities' }).getByRole('tab', { name, exact: true });
  }
  showcaseVideo(tab: string): Locator {
    return this.testId(`showcase-video-${tab}`);
  }
  /** the picture of the product beside the hero text */
  readonly heroShot = this.hero.locator('.lp-hero-shot img');
  industryTab(name: string): Locator {
    return this.page.getByRole('tablist', { name: 'Industries' }).getByRole('tab', { name, exact: true });
  }
  readonly demoPanel = this.testId('agent-demo');
  readonly demoVideo = this.testId('agent-demo-video');

  /** What a visitor sees of a clip: playing, how far in, and whether anything was fetched yet. */
  async clipState(video: Locator): Promise<{ playing: boolean; time: number; readyState: number; width: number; src: string; poster: string }> {
    return video.evaluate((el) => {
      const v = el as HTMLVideoElement;
      return { playing: !v.paused, time: v.currentTime, readyState: v.readyState, width: v.videoWidth, src: v.getAttribute('src') ?? '', poster: v.getAttribute('poster') ?? '' };
    });
  }

  private async touch(): Promise<CDPSession> {
    this.cdp ??= await this.page.context().newCDPSession(this.page);
    return this.cdp;
  }

  /** A finger on the screen: down at (x, y), through each point, up. */
  async drag(x: number, y: number, points: [number, number][]): Promise<void> {
    const cdp = await this.touch();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (const [px, py] of points) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: px, y: py }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  /** Swipes the hero horizontally by dx pixels (negative: to the left) in small steps, like a finger. */
  async swipeHero(dx: number): Promise<void> {
    const box = await this.hero.locator('.lp-hero-viewport').boundingBox();
    if (!box) throw new Error('the hero is not on screen');
    const x = box.x + box.width / 2;
    const y = box.y + Math.min(box.height / 2, 120);
    const steps = 8;
    await this.drag(
      x,
      y,
      Array.from({ length: steps }, (_, i) => [x + (dx * (i + 1)) / steps, y] as [number, number]),
    );
  }

  /** A tap with a finger on the element's centre. */
  async tap(target: Locator): Promise<void> {
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (!box) throw new Error('nothing to tap');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await this.drag(x, y, []);
  }
}
