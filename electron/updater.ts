/** The electron-updater members used, so the wiring is testable without Electron. */
export interface UpdaterLike {
  autoDownload: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdatesAndNotify(): Promise<unknown>;
}

export const checkEveryMs = 6 * 3600_000;

/** Automatic updates from a generic feed (LAUNCHPAD_UPDATE_URL); without one the app never looks for updates. */
export function setupAutoUpdate(updater: UpdaterLike, url: string | undefined, log: (message: string) => void): { stop(): void } | undefined {
  if (!url) return undefined;
  updater.setFeedURL({ provider: 'generic', url });
  updater.autoDownload = true;
  const check = () => void updater.checkForUpdatesAndNotify().catch((err: unknown) => log(`update check failed: ${err instanceof Error ? err.message : String(err)}`));
  check();
  const timer = setInterval(check, checkEveryMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
