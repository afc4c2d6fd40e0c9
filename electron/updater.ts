import fs from 'node:fs';
import { load } from 'js-yaml';
import { z } from 'zod';
import { isServerOriginAllowed } from './server-check';

/** The electron-updater members used, so the wiring is testable without Electron. */
export interface UpdaterLike {
  autoDownload: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdatesAndNotify(): Promise<unknown>;
}

export const checkEveryMs = 6 * 3600_000;

export type UpdateFeed = { url: string; from: 'LAUNCHPAD_UPDATE_URL' | 'app-update.yml' } | { url: undefined; why: string };

/** What electron-builder writes into the app's resources from `publish` (generic provider). */
const appUpdateYml = z.object({ provider: z.literal('generic'), url: z.string() });

/**
 * Where updates come from. Apps started from the Dock, Start menu or a desktop entry have no
 * LAUNCHPAD_UPDATE_URL in their environment, so the feed the release build was published to
 * (`resources/app-update.yml`) is the default and the variable only overrides it. Updates travel
 * over https only (http just on this computer, for testing a feed).
 */
export function updateFeed(envUrl: string | undefined, appUpdateYmlPath: string): UpdateFeed {
  let feed: UpdateFeed;
  if (envUrl) feed = { url: envUrl, from: 'LAUNCHPAD_UPDATE_URL' };
  else {
    let text: string;
    try {
      text = fs.readFileSync(appUpdateYmlPath, 'utf8');
    } catch {
      return { url: undefined, why: `no update feed: ${appUpdateYmlPath} is missing (a development run, or a build without publish) and LAUNCHPAD_UPDATE_URL is unset` };
    }
    let parsed: ReturnType<typeof appUpdateYml.safeParse>;
    try {
      parsed = appUpdateYml.safeParse(load(text));
    } catch (err) {
      return { url: undefined, why: `no update feed: ${appUpdateYmlPath} is not YAML (${err instanceof Error ? err.message : String(err)})` };
    }
    if (!parsed.success) return { url: undefined, why: `no update feed: ${appUpdateYmlPath} names no generic feed URL` };
    feed = { url: parsed.data.url, from: 'app-update.yml' };
  }
  if (!isServerOriginAllowed(feed.url)) return { url: undefined, why: `no update feed: ${feed.url} (from ${feed.from}) must be an https:// address` };
  return feed;
}

/** Automatic updates from the feed; without one the app never looks for updates and says why once. */
export function setupAutoUpdate(updater: UpdaterLike, feed: UpdateFeed, log: (message: string) => void): { stop(): void } | undefined {
  if ('why' in feed) {
    log(feed.why);
    return undefined;
  }
  updater.setFeedURL({ provider: 'generic', url: feed.url });
  updater.autoDownload = true;
  const check = () => void updater.checkForUpdatesAndNotify().catch((err: unknown) => log(`update check failed: ${err instanceof Error ? err.message : String(err)}`));
  check();
  const timer = setInterval(check, checkEveryMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
