import { and, eq, gt, ilike, inArray, isNotNull, isNull, lte, not, or, sql, type SQL } from 'drizzle-orm';
import type { PingFiltersQuery } from '../../shared/api/pings';
import { statusBounds } from '../../shared/pings/status';
import { versionsBehind } from '../../shared/pings/versions-behind';
import type { Db } from '../db/client';
import { installations, licenses } from '../db/schema';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Status as ranges of last_ping (the indexed column) and first_seen, with shared/pings/status.ts's thresholds. */
function statusFilter(status: PingFiltersQuery['status'], now: Date): SQL | undefined {
  if (!status) return undefined;
  const { pingedBefore, newSince } = statusBounds(now);
  if (status === 'inactive') return lte(installations.lastPing, pingedBefore);
  return and(gt(installations.lastPing, pingedBefore), status === 'new' ? gt(installations.firstSeen, newSince) : lte(installations.firstSeen, newSince));
}

/** Users reported above the licence's limit (the licences table joined on license_id). */
export const overLimit: SQL = and(isNotNull(licenses.usersLimit), sql`${installations.usersCount} > ${licenses.usersLimit}`) ?? sql`false`;

/**
 * The versions installations run that are behind the latest stable release (`behind`) or not, by
 * shared/pings/versions-behind.ts. The distinct versions are read by hopping through the version
 * index (one probe per version, not a scan of the table), so the filter then is an indexed
 * `version in (…)`. Versions that are not releases, or no release list, match neither.
 */
export async function versionsFor(db: Db, behind: boolean | undefined, stable: readonly string[]): Promise<string[] | undefined> {
  if (behind === undefined) return undefined;
  const result = await db.execute(sql`
    with recursive v(version) as (
      select min(version) from installations
      union all
      select (select min(i.version) from installations i where i.version > v.version) from v where v.version is not null
    )
    select version from v where version is not null`);
  // Both drivers (node-postgres, PGlite) answer raw SQL with `rows`.
  const { rows } = result as unknown as { rows: { version: string }[] };
  return rows
    .map((r) => r.version)
    .filter((v) => {
      const n = versionsBehind(v, stable);
      return n !== null && n > 0 === behind;
    });
}

/** The list's and the export's filters (`versions`: from `versionsFor`); the query must join licences (left) for `over_limit`. */
export function pingFilters(q: PingFiltersQuery, now: Date, versions: string[] | undefined): SQL | undefined {
  return and(
    q.version ? eq(installations.version, q.version) : undefined,
    q.country ? eq(installations.country, q.country) : undefined,
    q.licensed === undefined ? undefined : q.licensed ? isNotNull(installations.licenseId) : isNull(installations.licenseId),
    q.managed === undefined ? undefined : eq(installations.isManaged, q.managed),
    q.search ? or(ilike(installations.organizationName, `%${escapeLike(q.search)}%`), ilike(installations.ipAddress, `${escapeLike(q.search)}%`)) : undefined,
    statusFilter(q.status, now),
    versions === undefined ? undefined : versions.length > 0 ? inArray(installations.version, versions) : sql`false`,
    q.over_limit === undefined ? undefined : q.over_limit ? overLimit : not(overLimit),
    q.revoked === undefined ? undefined : q.revoked ? eq(licenses.status, 'revoked') : or(isNull(licenses.status), not(eq(licenses.status, 'revoked'))),
  );
}
