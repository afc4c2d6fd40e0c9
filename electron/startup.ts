/** The id Windows shows notifications under; the installer's shortcut carries the same (build/electron-builder.yml appId). */
export const appUserModelId = 'ai.launchpad.desktop';

export interface AppLike {
  requestSingleInstanceLock(): boolean;
  exit(code: number): void;
  setAppUserModelId(id: string): void;
}

/**
 * One instance: a second launch ends at once (the first one brings its window forward on
 * `second-instance`). `app.exit`, not `app.quit`: quit lets the rest of main (and whenReady) run on
 * in the second instance. Answers whether this instance goes on.
 */
export function claimInstance(app: AppLike, platform: NodeJS.Platform): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.exit(0);
    return false;
  }
  if (platform === 'win32') app.setAppUserModelId(appUserModelId);
  return true;
}
