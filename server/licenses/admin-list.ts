import { and, asc, count, desc, eq, gte, ilike, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AdminLicenseSortKey, AdminLicensesFilters } from '../../shared/api/licenses';
import type { Db } from '../db/client';
import { containsPattern } from '../db/like';
import { licenses } from '../db/schema';
import { exactTime, olderThan } from '../db/keyset';
import type { LicenseRow } from './queries';

const dayMs = 86_400_000;

/** What the row shows as its status (service.ts displayStatus): an active licence past its end reads expired. */
const shownStatus = (now: Date) => sql`case when ${licenses.status} = 'active' and ${licenses.expiresAt} < ${now.toISOString()}::timestamptz then 'expired' else ${licenses.status} end`;

function statusIs(status: NonNullable<AdminLicensesFilters['status']>, now: Date): SQL | undefined {
  if (status === 'expired') return and(eq(licenses.status, 'active'), lt(licenses.expiresAt, now));
  if (status === 'active') return and(eq(licenses.status, 'active'), or(isNull(licenses.expiresAt), gte(licenses.expiresAt, now)));
  return eq(licenses.status, status);
}

/** The filters as conditions; `now` is the injected clock's, so "expired" and "expiring" agree with the rows. */
export function licenseConditions(f: AdminLicensesFilters, now: Date): SQL | undefined {
  const search = f.search ? containsPattern(f.search) : undefined;
  return and(
    search ? or(ilike(licenses.email, search), ilike(licenses.organizationName, search), ilike(licenses.id, search)) : undefined,
    f.type ? eq(licenses.type, f.type) : undefined,
    f.status ? statusIs(f.status, now) : undefined,
    f.payment ? eq(licenses.paymentStatus, f.payment) : undefined,
    f.account ? eq(licenses.userId, f.account) : undefined,
    f.expiring_within ? and(eq(licenses.status, 'active'), gte(licenses.expiresAt, now), lte(licenses.expiresAt, new Date(now.getTime() + f.expiring_within * dayMs))) : undefined,
  );
}

const sortColumns = (now: Date): Record<AdminLicenseSortKey, SQL> => ({
  id: sql`${licenses.id}`,
  organization: sql`lower(${licenses.organizationName})`,
  email: sql`lower(${licenses.email})`,
  type: sql`${licenses.type}`,
  status: shownStatus(now),
  payment: sql`${licenses.paymentStatus}`,
  // PostgreSQL puts NULL (Never) after every date ascending and before them descending: "never" is the latest end.
  expires: sql`${licenses.expiresAt}`,
  created: sql`${licenses.createdAt}`,
});

/** One page of License Admin: the filters, the chosen order (newest first by default), ties newest first. */
export async function adminLicensesPage(db: Db, f: AdminLicensesFilters, now: Date, page: number, size: number): Promise<{ rows: LicenseRow[]; total: number }> {
  const where = licenseConditions(f, now);
  const order = f.sort ? [(f.dir === 'desc' ? desc : asc)(sortColumns(now)[f.sort])] : [];
  const [[c], rows] = await Promise.all([
    db.select({ n: count() }).from(licenses).where(where),
    db
      .select()
      .from(licenses)
      .where(where)
      .orderBy(...order, desc(licenses.createdAt), desc(licenses.id))
      .limit(size)
      .offset((page - 1) * size),
  ]);
  return { rows, total: c?.n ?? 0 };
}

/** The licences matching the filters a page at a time, newest first, after the last row of the page before (the CSV export). */
export function licensesExportPage(db: Db, f: AdminLicensesFilters, now: Date, limit: number, after: { atText: string; id: string } | undefined) {
  return db
    .select({ atText: exactTime(licenses.createdAt), id: licenses.id, row: licenses })
    .from(licenses)
    .where(and(licenseConditions(f, now), olderThan(licenses.createdAt, licenses.id, after)))
    .orderBy(desc(licenses.createdAt), desc(licenses.id))
    .limit(limit);
}
