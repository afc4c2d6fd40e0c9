import type { Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import type { InstallationRecord, PingFiltersQuery } from '../../shared/api/pings';
import type { CsvFormat } from '../../shared/api/list-query';
import { installations, licenses } from '../db/schema';
import { csvFilename, pagesOf, sendCsv } from '../http/csv';
import { exactTime, olderThan } from '../db/keyset';
import type { RouteContext } from '../http/register';
import type { ReleaseSource } from '../releases/service';
import { pingFilters, versionsFor } from './filters';
import { licenceFacts, toPingRecord } from './record';
import { stableReleases, type PingDeps } from './service';

const columns = [
  'id',
  'ip_address',
  'country',
  'city',
  'deployment_id',
  'instance_user_email',
  'license_user_email',
  'organization_name',
  'license_id',
  'license_state',
  'replaced_by',
  'version',
  'versions_behind',
  'edition',
  'apps_count',
  'users_count',
  'users_limit',
  'over_limit',
  'status',
  'is_managed',
  'vintage',
  'last_ping',
] as const satisfies readonly (keyof InstallationRecord)[];

const pageSize = 2000;

/** A row and where the next page starts (server/http/cursor.ts: last_ping exact to the microsecond). */
interface Row {
  record: InstallationRecord;
  atText: string;
}

/**
 * Every installation the filters match, as CSV, in the list's order: pages that walk the
 * (last_ping, key) index from where the previous page stopped, so memory stays flat and no page
 * costs more than the first however many rows there are.
 */
export function exportInstallations(deps: PingDeps, releases: ReleaseSource, q: PingFiltersQuery, ctx: RouteContext, format: CsvFormat = {}): Readable {
  const now = deps.clock.now();
  async function* pages(): AsyncGenerator<Row[]> {
    const stable = await stableReleases(releases);
    const where = pingFilters(q, now, await versionsFor(deps.db, q.behind, stable));
    const readPage = async (after: Row | undefined): Promise<Row[]> => {
      const rows = await deps.db
        .select({ i: installations, ...licenceFacts, atText: exactTime(installations.lastPing) })
        .from(installations)
        .leftJoin(licenses, eq(licenses.id, installations.licenseId))
        .where(and(where, olderThan(installations.lastPing, installations.key, after && { atText: after.atText, id: after.record.id })))
        .orderBy(desc(installations.lastPing), desc(installations.key))
        .limit(pageSize);
      return rows.map((r) => ({ record: toPingRecord(r.i, r, now, stable), atText: r.atText }));
    };
    yield* pagesOf(readPage, pageSize);
  }
  return sendCsv(ctx, { filename: csvFilename('installations', now), header: columns, pages: pages(), cells: (row) => columns.map((c) => row.record[c]) }, format);
}
