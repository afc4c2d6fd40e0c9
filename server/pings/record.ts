import type { InstallationRecord } from '../../shared/api/pings';
import { installationStatus } from '../../shared/pings/status';
import { versionsBehind } from '../../shared/pings/versions-behind';
import { licenses, type installations } from '../db/schema';

/** What a row takes from the licence its key names (left-joined: all null for an unlicensed installation). */
export const licenceFacts = { usersLimit: licenses.usersLimit, licenceStatus: licenses.status, replacedBy: licenses.replacedBy };
export interface LicenceFacts {
  usersLimit: number | null;
  licenceStatus: string | null;
  replacedBy: string | null;
}

/** Licensed, or the key an administrator revoked (replaced: revoked by a change that issued a successor). */
export function licenceState(r: typeof installations.$inferSelect, lic: LicenceFacts): InstallationRecord['license_state'] {
  if (!r.licenseId) return null;
  if (lic.licenceStatus === 'revoked') return lic.replacedBy ? 'replaced' : 'revoked';
  return 'licensed';
}

/** What the Ping Dashboard shows of an installation row: its own fields and the insights derived from them. */
export function toPingRecord(r: typeof installations.$inferSelect, lic: LicenceFacts, now: Date, stable: readonly string[]): InstallationRecord {
  const { usersLimit } = lic;
  return {
    id: r.key,
    ip_address: r.ipAddress,
    country: r.country,
    country_name: r.countryName,
    city: r.city,
    deployment_id: r.deploymentId,
    instance_user_email: r.instanceUserEmail,
    license_user_email: r.licenseUserEmail,
    organization_name: r.organizationName,
    license_id: r.licenseId,
    version: r.version,
    edition: r.edition,
    apps_count: r.appsCount,
    users_count: r.usersCount,
    vintage: r.firstSeen.toISOString(),
    last_ping: r.lastPing.toISOString(),
    metadata: r.metadata,
    is_managed: r.isManaged,
    status: installationStatus(r.firstSeen, r.lastPing, now),
    versions_behind: versionsBehind(r.version, stable),
    users_limit: usersLimit,
    over_limit: usersLimit !== null && r.usersCount > usersLimit,
    license_state: licenceState(r, lic),
    replaced_by: lic.licenceStatus === 'revoked' ? lic.replacedBy : null,
  };
}
