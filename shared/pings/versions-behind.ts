import { minorVersionsBehind } from '../admin-alerts/minor-versions-behind';

/**
 * The one meaning of "behind" (issue 44): how many minor release lines (2.11, 2.12, …) among the
 * stable releases are newer than the installation's version; patch releases of one line count once.
 * The Ping Dashboard's column and filter, the installation page and the administrator's alert all
 * read it. 0 = on the latest line (or ahead); null when the release list is unavailable or the
 * version is not a release tag (a commit, `<unknown>`). `stable` is newest first.
 */
export function versionsBehind(version: string, stable: readonly string[]): number | null {
  return minorVersionsBehind(version, stable);
}

/** The tooltip that states it wherever a "behind" figure is shown. */
export const behindDefinition = 'Minor versions behind the latest stable release: each newer release line (2.11, 2.12, …) counts once, patch releases do not count.';
