import { count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { pingCountCap, type AdminPingsQuery, type InstallationRecord, type PingStatsResponse } from '../../shared/api/pings';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { installationDays, installations, licenses, pingHistory } from '../db/schema';
import type { ReleaseSource } from '../releases/service';
import { pingFilters, versionsFor } from './filters';
import { licenceFacts, toPingRecord } from './record';

export interface PingDeps {
  db: Db;
  clock: Clock;
}

export const historyRetention = { days: 90, perInstallation: 1000 };

/** The stable releases, newest first (empty when the list is unavailable), for versions behind. */
export async function stableReleases(releases: ReleaseSource): Promise<string[]> {
  return (await releases.list()).stable;
}

/** Installations pinging with one of these licences, most recent ping first (the admin's customer page). */
export async function installationsOfLicences(deps: PingDeps, releases: ReleaseSource, licenceIds: string[], limit: number): Promise<InstallationRecord[]> {
  if (licenceIds.length === 0) return [];
  const now = deps.clock.now();
  const stable = await stableReleases(releases);
  const rows = await deps.db
    .select({ i: installations, ...licenceFacts })
    .from(installations)
    .leftJoin(licenses, eq(licenses.id, installations.licenseId))
    .where(inArray(installations.licenseId, licenceIds))
    .orderBy(desc(installations.lastPing), desc(installations.key))
    .limit(limit);
  return rows.map((r) => toPingRecord(r.i, r, now, stable));
}

/** Installations, most recent ping first; the page walks the (last_ping, key) index, never the history. */
export async function listInstallations(deps: PingDeps, releases: ReleaseSource, q: AdminPingsQuery): Promise<{ pings: InstallationRecord[]; total: number; total_capped: boolean }> {
  const now = deps.clock.now();
  const stable = await stableReleases(releases);
  const where = pingFilters(q, now, await versionsFor(deps.db, q.behind, stable));
  const [rows, [c]] = await Promise.all([
    deps.db
      .select({ i: installations, ...licenceFacts })
      .from(installations)
      .leftJoin(licenses, eq(licenses.id, installations.licenseId))
      .where(where)
      .orderBy(desc(installations.lastPing), desc(installations.key))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    // Counting stops one past the cap, so the cost is bounded however many installations report.
    deps.db.select({ n: count() }).from(
      deps.db
        .select({ one: sql`1` })
        .from(installations)
        .leftJoin(licenses, eq(licenses.id, installations.licenseId))
        .where(where)
        .limit(pingCountCap + 1)
        .as('capped'),
    ),
  ]);
  const n = c?.n ?? 0;
  return { pings: rows.map((r) => toPingRecord(r.i, r, now, stable)), total: Math.min(n, pingCountCap), total_capped: n > pingCountCap };
}

export async function pingStats(deps: PingDeps): Promise<PingStatsResponse> {
  const now = deps.clock.now();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
  const days = await deps.db
    .select({ day: installationDays.day, n: count() })
    .from(installationDays)
    .where(sql`${installationDays.day} >= ${from.toISOString().slice(0, 10)}`)
    .groupBy(installationDays.day);
  const versions = await deps.db.select({ version: installations.version, n: count() }).from(installations).groupBy(installations.version).orderBy(desc(count())).limit(15);
  const active_by_day = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    return { date, installations: days.find((d) => d.day === date)?.n ?? 0 };
  });
  return { active_by_day, versions: versions.map((v) => ({ version: v.version, installations: v.n })) };
}

/** Keeps the history bounded: nothing older than the retention, at most N pings per installation. */
export async function pruneHistory(deps: PingDeps): Promise<void> {
  const now = deps.clock.now();
  await deps.db.delete(pingHistory).where(lt(pingHistory.at, new Date(now.getTime() - historyRetention.days * 86_400_000)));
  await deps.db.delete(installationDays).where(lt(installationDays.day, new Date(now.getTime() - historyRetention.days * 86_400_000).toISOString().slice(0, 10)));
  await deps.db.execute(sql`
    delete from ping_history h using (
      select i.key, (select p.at from ping_history p where p.installation_key = i.key order by p.at desc offset ${historyRetention.perInstallation} limit 1) as cutoff
      from installations i where i.ping_count > ${historyRetention.perInstallation}
    ) c
    where h.installation_key = c.key and c.cutoff is not null and h.at <= c.cutoff`);
}
