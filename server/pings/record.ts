import type { InstallationRecord } from '../../shared/api/pings';
import { installationStatus } from '../../shared/pings/status';
import { versionsBehind } from '../../shared/pings/versions-behind';
import type { installations } from '../db/schema';

/** What the Ping Dashboard shows of an installation row: its own fields and the insights derived from them. */
export function toPingRecord(r: typeof installations.$inferSelect, usersLimit: number | null, now: Date, stable: readonly string[]): InstallationRecord {
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
  };
}
