import { createHash } from 'node:crypto';

/** The entry the platform ships in api/pkg/license/license.go (helixml/helix) before anything is pasted. */
const platformEntry = '\t"aa835eb0d68ead085885ebf76544dab4371e6fcd5859ce9e7827aa7e4e3820fa": "R1",\n';

/**
 * The platform's offline revocation check with Launchpad's lines pasted into its map, as license.go
 * has it: `sum := sha256.Sum256([]byte(licenseID))`, then `revokedLicenseIDHashes[hex.EncodeToString(sum[:])]`.
 * The map literal is read line by line as gofmt'd Go (`\t"<64 hex>": "<code>",`); a line of any
 * other shape would not compile into the map, so it throws.
 */
export function platformIsRevoked(pastedEntries: string, licenseID: string): { code: string; revoked: boolean } {
  const literal = `var revokedLicenseIDHashes = map[string]string{\n${platformEntry}${pastedEntries}}\n`;
  const body = /map\[string\]string\{\n([\s\S]*)\}\n$/.exec(literal)?.[1] ?? '';
  const revokedLicenseIDHashes = new Map<string, string>();
  for (const line of body.split('\n').filter((l) => l.trim() !== '')) {
    const entry = /^\t"([0-9a-f]{64})": "([^"\\]+)",$/.exec(line);
    if (!entry?.[1] || !entry[2]) throw new Error(`not a Go map entry: ${JSON.stringify(line)}`);
    if (revokedLicenseIDHashes.has(entry[1])) throw new Error(`duplicate key in map literal: ${entry[1]}`);
    revokedLicenseIDHashes.set(entry[1], entry[2]);
  }
  const sum = createHash('sha256').update(Buffer.from(licenseID, 'utf8')).digest('hex');
  const code = revokedLicenseIDHashes.get(sum);
  return { code: code ?? '', revoked: code !== undefined };
}
