/**
 * The revoked list as the platform's denylist takes it (interop.md; api/pkg/license/license.go,
 * `var revokedLicenseIDHashes = map[string]string{…}`), in two forms (issue 44): the lines revoked
 * since a date, to add below what an earlier release already carries (pasting everything again
 * repeats map keys, and Go refuses a map literal with a duplicate key), or the whole block, to
 * replace the one in license.go.
 */

/** The entries the platform itself ships in license.go; the whole block keeps them. */
export const platformRevokedEntries: readonly { sha256: string; code: string }[] = [{ sha256: 'aa835eb0d68ead085885ebf76544dab4371e6fcd5859ce9e7827aa7e4e3820fa', code: 'R1' }];

export interface RevokedEntry {
  sha256: string;
  code: string;
  /** ISO time */
  revoked_at: string;
}

/** One entry exactly as gofmt writes it inside the braces. */
export const goMapEntry = (hash: string, code: string): string => `\t"${hash}": "${code}",`;

/** The lines of the entries revoked on or after `since` (YYYY-MM-DD, UTC), oldest first; every entry without a date. */
export function goMapLinesSince(entries: readonly RevokedEntry[], since?: string): string {
  const from = since ? `${since}T00:00:00.000Z` : '';
  return entries
    .filter((e) => e.revoked_at >= from)
    .map((e) => `${goMapEntry(e.sha256, e.code)}\n`)
    .join('');
}

/** The whole declaration: the platform's own entries, then Launchpad's, to replace the block in license.go. */
export function goMapBlock(entries: readonly RevokedEntry[]): string {
  const own = platformRevokedEntries.map((e) => `${goMapEntry(e.sha256, e.code)}\n`).join('');
  return `var revokedLicenseIDHashes = map[string]string{\n${own}${goMapLinesSince(entries)}}\n`;
}
