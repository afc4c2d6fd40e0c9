import { createHash } from 'node:crypto';

/** The entry the platform ships in api/pkg/license/license.go (helixml/helix) before anything is pasted. */
const platformEntry = '\t"aa835eb0d68ead085885ebf76544dab4371e6fcd5859ce9e7827aa7e4e3820fa": "R1",\n';

/** license.go's declaration as the platform ships it, with lines pasted at the end of the braces. */
export const shippedBlock = (pasted = ''): string => `var revokedLicenseIDHashes = map[string]string{\n${platformEntry}${pasted}}\n`;

/**
 * The platform's map as the Go compiler reads license.go: the one `revokedLicenseIDHashes` literal,
 * line by line as gofmt'd Go (`\t"<64 hex>": "<code>",`). A line of another shape would not compile,
 * and neither would a key given twice ("duplicate key in map literal"): both throw.
 */
export function compileRevokedMap(licenseGo: string): Map<string, string> {
  const body = /var revokedLicenseIDHashes = map\[string\]string\{\n([\s\S]*?)\}\n/.exec(licenseGo)?.[1];
  if (body === undefined) throw new Error('no revokedLicenseIDHashes declaration');
  const map = new Map<string, string>();
  for (const line of body.split('\n').filter((l) => l.trim() !== '')) {
    const entry = /^\t"([0-9a-f]{64})": "([^"\\]+)",$/.exec(line);
    if (!entry?.[1] || !entry[2]) throw new Error(`not a Go map entry: ${JSON.stringify(line)}`);
    if (map.has(entry[1])) throw new Error(`duplicate key in map literal: ${entry[1]}`);
    map.set(entry[1], entry[2]);
  }
  return map;
}

/** `isRevoked`: `sum := sha256.Sum256([]byte(licenseID))`, then `revokedLicenseIDHashes[hex.EncodeToString(sum[:])]`. */
export function isRevokedIn(map: Map<string, string>, licenseID: string): { code: string; revoked: boolean } {
  const sum = createHash('sha256').update(Buffer.from(licenseID, 'utf8')).digest('hex');
  const code = map.get(sum);
  return { code: code ?? '', revoked: code !== undefined };
}

/** The platform's check with Launchpad's lines pasted into its shipped map. */
export function platformIsRevoked(pastedEntries: string, licenseID: string): { code: string; revoked: boolean } {
  return isRevokedIn(compileRevokedMap(shippedBlock(pastedEntries)), licenseID);
}
