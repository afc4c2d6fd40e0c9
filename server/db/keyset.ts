import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Keyset paging newest first by (timestamp, id), exact to the microsecond: the page's last
 * timestamp travels as PostgreSQL's own text (a JS Date keeps milliseconds only, and rows in the
 * same millisecond would be skipped).
 */
export const exactTime = (column: AnyPgColumn) => sql<string>`${column}::text`;

export const olderThan = (at: AnyPgColumn, id: AnyPgColumn, after: { atText: string; id: string } | undefined): SQL | undefined =>
  after ? sql`(${at}, ${id}) < (${after.atText}::timestamptz, ${after.id})` : undefined;

/** The same after a cursor held as a Date (the screens' pages, whose cursor is the last row's `created_at|id`). */
export const olderThanDate = (at: AnyPgColumn, id: AnyPgColumn, after: { at: Date; id: string } | undefined): SQL | undefined =>
  after ? or(lt(at, after.at), and(eq(at, after.at), lt(id, after.id))) : undefined;
