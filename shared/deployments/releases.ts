/** A release as the code host's public release list gives it. */
export interface RawRelease {
  tag_name: string;
  draft?: boolean;
  prerelease?: boolean;
  published_at?: string | null;
}

const semverTag = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;

/** Whether a (v-stripped) tag is plain semver, optionally with a pre-release part; odd tags are not. */
export function isReleaseTag(tag: string): boolean {
  const m = semverTag.exec(tag);
  if (!m) return false;
  // `0.0.0-test-e2e` style tags are test artefacts, not releases.
  return !(m[1] === '0' && m[2] === '0' && m[3] === '0');
}

/** Stable: no rc, alpha, beta or dev part — any tag with a hyphen is a pre-release. */
export function isStable(tag: string): boolean {
  return isReleaseTag(tag) && !tag.includes('-');
}

function preRank(pre: string | undefined): (string | number)[] {
  if (!pre) return [];
  return pre.split('.').flatMap((p) =>
    p
      .split(/(\d+)/)
      .filter(Boolean)
      .map((x) => (/^\d+$/.test(x) ? Number(x) : x)),
  );
}

/** Newest first by semver; a release sorts above its own pre-releases. */
export function compareTagsDesc(a: string, b: string): number {
  const ma = semverTag.exec(a);
  const mb = semverTag.exec(b);
  if (!ma || !mb) return 0;
  for (let i = 1; i <= 3; i++) {
    const d = Number(mb[i]) - Number(ma[i]);
    if (d !== 0) return d;
  }
  const pa = ma[4];
  const pb = mb[4];
  if (!pa || !pb) return pa ? 1 : pb ? -1 : 0;
  const ra = preRank(pa);
  const rb = preRank(pb);
  for (let i = 0; i < Math.max(ra.length, rb.length); i++) {
    const x = ra[i];
    const y = rb[i];
    if (x === undefined) return 1;
    if (y === undefined) return -1;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return y - x;
    return String(y).localeCompare(String(x));
  }
  return 0;
}

/** The spec's version list: leading v dropped, drafts and odd tags excluded, newest first, unique. */
export function releaseVersions(releases: RawRelease[]): string[] {
  const tags = releases
    .filter((r) => !r.draft)
    .map((r) => r.tag_name.trim().replace(/^v/, ''))
    .filter(isReleaseTag);
  return [...new Set(tags)].sort(compareTagsDesc);
}

export function stableVersions(versions: string[]): string[] {
  return versions.filter(isStable);
}

/** The default version: the first stable one. */
export function defaultVersion(versions: string[]): string | undefined {
  return stableVersions(versions)[0];
}
