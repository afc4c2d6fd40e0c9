import { z } from 'zod';

/** The desktop app's own settings from the environment (packagers can bake them into the launcher). */
const env = z.object({
  LAUNCHPAD_URL: z.url().optional().catch(undefined),
  LAUNCHPAD_UPDATE_URL: z.url().optional().catch(undefined),
});

export interface DesktopConfig {
  /** proposed on first run */
  defaultServerUrl: string;
  /** electron-updater generic feed overriding the build's own (resources/app-update.yml) */
  updateUrl: string | undefined;
}

export function desktopConfig(source: Record<string, string | undefined>): DesktopConfig {
  const e = env.parse({ LAUNCHPAD_URL: source.LAUNCHPAD_URL || undefined, LAUNCHPAD_UPDATE_URL: source.LAUNCHPAD_UPDATE_URL || undefined });
  return { defaultServerUrl: e.LAUNCHPAD_URL ?? 'http://localhost:3000', updateUrl: e.LAUNCHPAD_UPDATE_URL };
}

/** The command-line flag support asks a person to start a release build with, to open DevTools. */
export const devToolsFlag = '--enable-devtools';

/** DevTools: always in a development run, in a packaged (release) build only with the support flag. */
export function devToolsAllowed(isPackaged: boolean, argv: readonly string[]): boolean {
  return !isPackaged || argv.includes(devToolsFlag);
}
