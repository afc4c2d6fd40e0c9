import { z } from 'zod';
import { safeText } from './text';

/**
 * The query words every admin list shares (Deployments, Licenses, Balances; the audit log pages by
 * cursor): a search, a sort column and direction, a page. Each list's filters are a zod object of
 * its domain, and its CSV export takes the same object plus `excel`, so the export holds exactly
 * the rows the screen filtered.
 */

/** Part of an e-mail, name or id, any case; `%` and `_` match themselves (server/db/like.ts). */
export const listSearch = safeText({ max: 200 }).optional().describe('search');
export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];
export const listDirection = z.enum(sortDirections).optional();
/** One account's rows only (a person's or a team's, by its id): the customer page links to the lists with it. */
export const listAccount = z.uuid('Unknown account').optional().describe('account');
export const listPage = z.coerce.number().int().min(1).max(100_000).default(1);

/** A list's sort column: one of its own keys. */
export const sortOf = <const K extends readonly [string, ...string[]]>(keys: K) => z.enum(keys).optional();

/** `excel=1`: the same CSV with a UTF-8 byte-order mark, so a spreadsheet opened by double-click reads non-ASCII text right. */
export const csvFormat = z.object({ excel: z.literal('1').optional() });
export type CsvFormat = z.infer<typeof csvFormat>;

export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
