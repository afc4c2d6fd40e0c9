import { compareTagsDesc, isReleaseTag } from '../deployments/releases';

/**
 * How many stable releases are newer than an installation's version (0 = up to date, or ahead).
 * Null when the release list is unavailable or the version is not a release tag (a commit, `<unknown>`).
 * `stable` is newest first, as the release source gives it.
 */
export function versionsBehind(version: string, stable: readonly string[]): number | null {
  if (stable.length === 0 || !isReleaseTag(version)) return null;
  return stable.filter((s) => compareTagsDesc(s, version) < 0).length;
}
