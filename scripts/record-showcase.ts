/**
 * Media of the real product for the public site (issue 31). Starts a Launchpad on the built
 * renderer with a development user, signs in, and writes into
 * renderer/public/media/:
 * - the poster (a 1280 × 720 JPEG of the screen) and clip (a few seconds of a person using that
 *   screen: muted, looping VP9 WebM, 960 × 540, ≤ 1.5 MB) of each showcase tab whose feature is a
 *   screen of Launchpad (the agent gallery, sign-in and API keys); the other tabs are illustrations;
 * - the hero's picture (a trial VM running in the deployments list, at its own scale: heroShot's size);
 * - the social card every marketing page names in og:image (the landing page at 1200 × 630).
 *
 * Run after `npm run build`: `npx tsx scripts/record-showcase.ts` (add `--screenshots-only` to skip
 * the clips, `--hero-only` to remake only the hero's picture). Clips need ffmpeg with VP9 (`apt-get install ffmpeg`); this is a tool for whoever
 * re-records the media, not something `npm start` or `npm test` needs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { assertChromium, chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { heroShot, type RecordedTab, showcaseMedia, socialCard } from '../renderer/pages/marketing/landing/media';
import { rendererDist } from '../server/app';
import { startServer } from '../server/start';
import { deleteLocalMachines } from '../test/support/server';
import { ffmpegVersion, recordClip } from './showcase/clip';
import { scenes, Stage } from './showcase/scenes';
import { devUsersEnvOf, throwawayServerEnv } from '../test/support/throwaway-server';

const outDir = path.resolve('renderer/public');
const user = { email: 'showcase@example.com', password: 'showcase-pass' };
const viewport = { width: 1280, height: 720 };
const kib = (file: string) => `${(fs.statSync(file).size / 1024).toFixed(0)} KiB`;

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/home`);
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !/^\/(oidc\/|auth\/callback)/.test(url.pathname));
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}

async function main() {
  const clips = !process.argv.includes('--screenshots-only');
  const ffmpeg = clips ? ffmpegVersion() : undefined;
  if (clips && !ffmpeg) {
    console.error(
      'ffmpeg with the VP9 encoder (libvpx-vp9) is not installed, so the showcase clips cannot be encoded.\n' +
        'Install it (Debian/Ubuntu, as root: apt-get install -y ffmpeg) and run this again,\n' +
        'or run with --screenshots-only to remake only the posters, the hero picture and the social card.',
    );
    process.exit(2);
  }
  if (ffmpeg) console.log(`clips encoded with ${ffmpeg}`);
  assertChromium();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-showcase-'));
  const server = await startServer({
    env: {
      ...process.env,
      ...throwawayServerEnv(dataDir),
      LOG_LEVEL: 'silent',
      RELEASES_URL: 'off',
      DEV_USERS: devUsersEnvOf([user]),
    },
    inMemoryDatabase: true,
    rendererRoot: rendererDist,
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await signIn(page, server.url);
    const tabs = process.argv.includes('--hero-only') ? [] : (Object.keys(scenes) as RecordedTab[]);
    for (const tab of tabs) {
      await open(page, `${server.url}${scenes[tab].path}`);
      const file = path.join(outDir, showcaseMedia[tab].poster);
      await page.screenshot({ path: file, type: 'jpeg', quality: 70 });
      console.log(`${tab}: ${scenes[tab].path} → ${path.relative(process.cwd(), file)} (${kib(file)})`);
    }
    if (clips) {
      for (const tab of tabs) {
        const clip = showcaseMedia[tab].clip;
        if (!clip) continue;
        await open(page, `${server.url}${scenes[tab].path}`);
        const file = path.join(outDir, clip);
        await recordClip(page, () => scenes[tab].play(new Stage(page, tab)), file);
        console.log(`${tab}: ${scenes[tab].about} → ${path.relative(process.cwd(), file)} (${kib(file)})`);
      }
    }
    await recordHero(page, server.url);
    if (process.argv.includes('--hero-only')) return;

    // The card a shared link shows: the landing page at the size link previews use.
    const card = await browser.newContext({ viewport: { width: 1200, height: 630 }, reducedMotion: 'reduce' });
    const landing = await card.newPage();
    await open(landing, `${server.url}/`);
    await landing.screenshot({ path: path.join(outDir, socialCard), type: 'jpeg', quality: 75 });
    console.log(`social card → renderer/public${socialCard} (${kib(path.join(outDir, socialCard))})`);
  } finally {
    await browser.close();
    // the trial VM the hero's picture started holds a mounted disk in the data folder
    await deleteLocalMachines(server);
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A trial VM to show in the hero, started as a person does. */
async function startTrialVm(page: Page, base: string): Promise<void> {
  await open(page, `${base}/deployments/type/trial-vm`);
  await page.getByTestId('type-card-trial-vm').getByRole('button').click();
  await page.getByTestId('deployment-name').fill('research-agents');
  await page.keyboard.press('Enter');
  await page.getByTestId('deployment-row').first().waitFor({ timeout: 30_000 });
}

/**
 * The hero's picture (issue 44): a trial VM running in the deployments list, at the page's own scale
 * so it reads at the size the product shows it. The page is shot as a window as wide as the picture
 * (heroShot.width), where the row keeps its name, status, rate, address and actions in that width:
 * from the list's heading down, the row and its provisioning output. The local provider runs a real machine: its row turns
 * running within about a minute.
 */
async function recordHero(page: Page, base: string): Promise<void> {
  await open(page, `${base}/deployments`);
  if ((await page.getByTestId('deployment-row').count()) === 0) await startTrialVm(page, base);
  await page.setViewportSize({ width: heroShot.width, height: 900 });
  await open(page, `${base}/deployments`);
  const running = page.locator('[data-testid="deployment-row"][data-status="running"]').first();
  await running.waitFor({ timeout: 180_000 }).catch(() => {
    throw new Error('hero: no deployment was running after 3 minutes, and the hero must show one running');
  });
  // what the machine did to get there, under its row
  await running.getByRole('button', { name: 'Show provisioning output' }).click();
  await running.getByTestId('provisioning-output').waitFor();
  const heading = page.getByRole('heading', { name: /Your Deployments/ });
  await page.evaluate((y) => window.scrollBy(0, y), (await heading.boundingBox())?.y ?? 0);
  await page.waitForTimeout(800);
  const top = (await heading.boundingBox())?.y;
  if (top === undefined) throw new Error('hero: the deployments heading has no box');
  const clip = { x: 0, y: Math.max(0, Math.round(top - 16)), width: heroShot.width, height: heroShot.height };
  const file = path.join(outDir, heroShot.src);
  await page.screenshot({ path: file, type: 'jpeg', quality: 85, clip });
  await page.setViewportSize(viewport);
  console.log(`hero → ${path.relative(process.cwd(), file)} (${kib(file)}, ${clip.width} × ${clip.height})`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
