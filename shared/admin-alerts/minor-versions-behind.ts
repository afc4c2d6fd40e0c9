import { isReleaseTag } from '../deployments/releases';

const minorOf = (tag: string): [number, number] | undefined => {
  const m = /^(\d+)\.(\d+)\./.exec(tag);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
};

/**
 * How many minor release lines (`2.11`, `2.12`, …) among the stable releases are newer than the
 * installation's: patch releases of one line count once, a new major's lines count like any other.
 * Null when the version is not a release tag (a commit, `<unknown>`) or the list is empty.
 */
export function minorVersionsBehind(version: string, stable: readonly string[]): number | null {
  const own = isReleaseTag(version) ? minorOf(version) : undefined;
  if (!own || stable.length === 0) return null;
  const newer = new Set<string>();
  for (const tag of stable) {
    const m = minorOf(tag);
    if (m && (m[0] > own[0] || (m[0] === own[0] && m[1] > own[1]))) newer.add(`${m[0]}.${m[1]}`);
  }
  return newer.size;
}
