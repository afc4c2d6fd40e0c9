import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Keyset paging newest first by (timestamp, id), exact to the microsecond: the page's last
 * timestamp travels as PostgreSQL's own text (a JS Date keeps milliseconds only, and rows in the
 * same millisecond would be skipped).
 */
export const exactTime = (column: AnyPgColumn) => sql<string>`${column}::text`;

export const olderThan = (at: AnyPgColumn, id: AnyPgColumn, after: { atText: string; id: string } | undefined): SQL | undefined =>
  after ? sql`(${at}, ${id}) < (${after.atText}::timestamptz, ${after.id})` : undefined;
