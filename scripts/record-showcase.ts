/**
 * Screenshots of the real product for the public site (issue 31): starts a Launchpad on the built
 * renderer, signs a development user in, opens the screens each showcase tab stands for and saves
 * them under renderer/public/media/ (JPEG, the showcase posters), plus the social card every
 * marketing page names in og:image. Run after `npm run build`: `npx tsx scripts/record-showcase.ts`.
 *
 * Clips: Playwright records video only through its own ffmpeg build, which this project does not
 * install; until an encoder is available the showcase shows these screenshots.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { assertChromium, chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { rendererDist } from '../server/app';
import { startServer } from '../server/start';
import { showcaseMedia, socialCard } from '../renderer/pages/marketing/landing/media';

const outDir = path.resolve('renderer/public');
const user = { email: 'showcase@example.com', password: 'showcase-pass' };

/** The screen each showcase tab is shown with, opened signed in. */
const screens: Record<keyof typeof showcaseMedia, string> = {
  agents: '/agents',
  models: '/private-deployments/category/cloud/provider/aws',
  rag: '/private-deployments/category/onprem/platform/kubernetes',
  vision: '/agents-gallery',
  evals: '/test-dashboard',
  gpu: '/deployments/type/gpu-instance',
  auth: '/account',
};

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/home`);
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !/^\/(oidc\/|auth\/callback)/.test(url.pathname));
}

async function main() {
  assertChromium();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-showcase-'));
  const server = await startServer({
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RELEASES_URL: 'off', DEV_USERS: `${user.email}:${user.password}` },
    inMemoryDatabase: true,
    jobs: false,
    rendererRoot: rendererDist,
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await signIn(page, server.url);
    for (const [tab, screen] of Object.entries(screens) as [keyof typeof showcaseMedia, string][]) {
      await page.goto(`${server.url}${screen}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const file = path.join(outDir, showcaseMedia[tab].poster);
      await page.screenshot({ path: file, type: 'jpeg', quality: 70 });
      console.log(`${tab}: ${screen} → ${path.relative(process.cwd(), file)} (${(fs.statSync(file).size / 1024).toFixed(0)} KiB)`);
    }
    // The card a shared link shows: the landing page at the size link previews use.
    const card = await browser.newContext({ viewport: { width: 1200, height: 630 }, reducedMotion: 'reduce' });
    const landing = await card.newPage();
    await landing.goto(`${server.url}/`);
    await landing.waitForLoadState('networkidle');
    await landing.screenshot({ path: path.join(outDir, socialCard), type: 'jpeg', quality: 75 });
    console.log(`social card → renderer/public${socialCard}`);
  } finally {
    await browser.close();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
