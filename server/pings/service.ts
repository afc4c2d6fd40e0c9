import { and, count, desc, eq, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { pingCountCap, type AdminPingsQuery, type PingRecord, type PingStatsResponse } from '../../shared/api/pings';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { installationDays, installations, pingHistory } from '../db/schema';

export interface PingDeps {
  db: Db;
  clock: Clock;
}

export const historyRetention = { days: 90, perInstallation: 1000 };

function filters(q: AdminPingsQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    q.version ? eq(installations.version, q.version) : undefined,
    q.country ? eq(installations.country, q.country) : undefined,
    q.licensed === undefined ? undefined : q.licensed ? isNotNull(installations.licenseId) : isNull(installations.licenseId),
    q.managed === undefined ? undefined : eq(installations.isManaged, q.managed),
    q.search ? or(ilike(installations.organizationName, `%${escapeLike(q.search)}%`), ilike(installations.ipAddress, `${escapeLike(q.search)}%`)) : undefined,
  ];
  return and(...parts);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const toRecord = (r: typeof installations.$inferSelect): PingRecord => ({
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
});

/** Installations, most recent ping first; the page walks the (last_ping, key) index, never the history. */
export async function listInstallations(deps: PingDeps, q: AdminPingsQuery): Promise<{ pings: PingRecord[]; total: number; total_capped: boolean }> {
  const where = filters(q);
  const [rows, [c]] = await Promise.all([
    deps.db
      .select()
      .from(installations)
      .where(where)
      .orderBy(desc(installations.lastPing), desc(installations.key))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    // Counting stops one past the cap, so the cost is bounded however many installations report.
    deps.db.select({ n: count() }).from(deps.db.select({ one: sql`1` }).from(installations).where(where).limit(pingCountCap + 1).as('capped')),
  ]);
  const n = c?.n ?? 0;
  return { pings: rows.map(toRecord), total: Math.min(n, pingCountCap), total_capped: n > pingCountCap };
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
