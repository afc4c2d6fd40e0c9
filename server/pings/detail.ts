import { and, asc, count, eq, gte, max, min, sql } from 'drizzle-orm';
import { uptimeDays, type InstallationDetail } from '../../shared/api/pings';
import { installations, licenses, pingHistory } from '../db/schema';
import { NotFound } from '../domain-errors';
import type { ReleaseSource } from '../releases/service';
import { toPingRecord } from './record';
import { stableReleases, type PingDeps } from './service';

const dayMs = 86_400_000;
const hourMs = 3_600_000;

/**
 * The hours of one UTC day the installation could have pinged in: from the hour of its first ping
 * to the current hour. A 15-minute-old installation has one hour and its pings fill it; a day
 * before its first ping has none (no uptime, not 0%).
 */
export function observedHours(dayStart: number, firstSeen: Date, now: Date): number {
  const start = Math.max(dayStart, Math.floor(firstSeen.getTime() / hourMs) * hourMs);
  const end = Math.min(dayStart + dayMs, Math.floor(now.getTime() / hourMs) * hourMs + hourMs);
  return Math.max(0, Math.round((end - start) / hourMs));
}

/** One installation for its admin page: the record, its licence, 14 days of uptime and the versions it ran. */
export async function installationDetail(deps: PingDeps, releases: ReleaseSource, key: string): Promise<InstallationDetail> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .select({ i: installations, license: licenses })
    .from(installations)
    .leftJoin(licenses, eq(licenses.id, installations.licenseId))
    .where(eq(installations.key, key))
    .limit(1);
  if (!row) throw new NotFound('Installation not found');
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (uptimeDays - 1)));
  const dayOf = sql<string>`to_char(${pingHistory.at} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [hours, versions, stable] = await Promise.all([
    deps.db
      .select({ day: dayOf, hours: sql<number>`count(distinct date_trunc('hour', ${pingHistory.at} at time zone 'UTC'))::int` })
      .from(pingHistory)
      .where(and(eq(pingHistory.installationKey, key), gte(pingHistory.at, from)))
      .groupBy(dayOf),
    deps.db
      .select({ version: pingHistory.version, first: min(pingHistory.at), last: max(pingHistory.at), pings: count() })
      .from(pingHistory)
      .where(eq(pingHistory.installationKey, key))
      .groupBy(pingHistory.version)
      .orderBy(asc(min(pingHistory.at))),
    stableReleases(releases),
  ]);
  const lic = row.license;
  return {
    installation: toPingRecord(row.i, { usersLimit: lic?.usersLimit ?? null, licenceStatus: lic?.status ?? null, replacedBy: lic?.replacedBy ?? null }, now, stable),
    license: lic
      ? {
          id: lic.id,
          type: lic.type,
          status: lic.status,
          email: lic.email,
          organization_name: lic.organizationName,
          users_limit: lic.usersLimit,
          gpus_limit: lic.gpusLimit,
          support_level: lic.supportLevel,
          activated_at: lic.activatedAt?.toISOString() ?? null,
          expires_at: lic.expiresAt?.toISOString() ?? null,
          perpetual: lic.perpetual,
        }
      : null,
    uptime: Array.from({ length: uptimeDays }, (_, i) => {
      const start = from.getTime() + i * dayMs;
      const date = new Date(start).toISOString().slice(0, 10);
      const h = hours.find((d) => d.day === date)?.hours ?? 0;
      const observed = observedHours(start, row.i.firstSeen, now);
      return { date, hours: h, observed_hours: observed, uptime: observed === 0 ? null : Math.min(1, h / observed) };
    }),
    versions: versions.map((v) => ({ version: v.version, first_seen: toIso(v.first), last_seen: toIso(v.last), pings: v.pings })),
  };
}

// min()/max() of a timestamp come back as Date from PostgreSQL and as text from some drivers.
const toIso = (d: Date | string | null) => (d === null ? '' : new Date(d).toISOString());
