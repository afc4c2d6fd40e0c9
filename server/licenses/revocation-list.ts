import { createHash } from 'node:crypto';
import type { RevokedHashes } from '../../shared/api/licenses';
import type { Db } from '../db/client';
import { revokedLicences } from './queries';
import { goMapBlock, goMapLinesSince } from '../../shared/licenses/revocation-export';

/** What the platform's `isRevoked` looks up: hex SHA-256 of the licence id's bytes (api/pkg/license/license.go). */
export const licenseIdHash = (id: string): string => createHash('sha256').update(id, 'utf8').digest('hex');

/**
 * The opaque code of the n-th revocation (1-based, oldest first). The platform's own entries use
 * R1, R2…; Launchpad's start with LP so the two never read alike. The mapping back to a licence and
 * its reason stays here, on License Admin, as license.go's comment asks (codes only in the tree).
 */
export const revocationCode = (n: number): string => `LP${n}`;

export async function revokedHashes(db: Db): Promise<RevokedHashes> {
  const rows = await revokedLicences(db);
  const hashes = rows.map((r, i) => ({
    license_id: r.id,
    organization_name: r.organizationName,
    user_email: r.email,
    revoked_at: (r.revokedAt ?? r.createdAt).toISOString(),
    reason: r.revokeReason ?? '',
    sha256: licenseIdHash(r.id),
    code: revocationCode(i + 1),
  }));
  return { hashes, go_map_entries: goMapLinesSince(hashes), go_map_block: goMapBlock(hashes) };
}
