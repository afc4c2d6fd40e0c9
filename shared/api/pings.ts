import { z } from 'zod';
import { installationStatuses } from '../pings/status';
import { file, json, jsonBody, routesOf } from './route';
import { apiErrorBody } from './errors';
import { freeFormProblem, safeText } from './text';
import { csvFormat } from './list-query';

/** Unknown extra fields of a ping, kept as its metadata: bounded, and held to the text rule. */
export const pingMetadataLimits = { maxDepth: 8, maxKeys: 50, maxBytes: 16 * 1024 } as const;

const pingFields = z.object({
  version: safeText({ min: 1, max: 100 }),
  apps_count: z.number().int().min(0).max(10_000_000),
  users_count: z.number().int().min(0).max(10_000_000),
  deployment_id: z.union([z.literal('unknown'), z.string().regex(/^[0-9a-f]{64}$/i, 'deployment_id must be a hex SHA-256 or "unknown"')]),
  edition: safeText({ max: 50 }).optional(),
});

/** What running installations send (interop spec); unknown extra fields are kept as metadata. */
export const pingBody = pingFields.catchall(z.unknown()).superRefine((body, ctx) => {
  const metadata = Object.fromEntries(Object.entries(body).filter(([k]) => !(k in pingFields.shape)));
  const problem = freeFormProblem(metadata, pingMetadataLimits);
  if (problem) ctx.addIssue({ code: 'custom', path: problem.path ? problem.path.split('.') : [], message: `Metadata: ${problem.message}` });
});
export type PingBody = z.infer<typeof pingBody>;

export const pingAnswer = z.object({ latest_version: z.string() });
/** The platform's ping sender decodes whatever JSON comes back, so refusals carry the version too. */
export const pingRefusal = apiErrorBody.extend({ latest_version: z.string() });

export const pingRecord = z.object({
  id: z.string(),
  ip_address: z.string(),
  country: z.string().nullable(),
  country_name: z.string().nullable(),
  city: z.string().nullable(),
  deployment_id: z.string(),
  instance_user_email: z.string().nullable(),
  license_user_email: z.string().nullable(),
  organization_name: z.string().nullable(),
  license_id: z.string().nullable(),
  version: z.string(),
  edition: z.string().nullable(),
  apps_count: z.number(),
  users_count: z.number(),
  vintage: z.string(),
  last_ping: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  is_managed: z.boolean(),
});
export type PingRecord = z.infer<typeof pingRecord>;

/** A Ping Dashboard row: the installation and what is derived from it (issue #22). */
export const installationRecord = pingRecord.extend({
  /** shared/pings/status.ts */
  status: z.enum(installationStatuses),
  /** stable releases newer than `version`; null when the release list or the version is not known */
  versions_behind: z.number().nullable(),
  /** the licence's user limit; null when unlicensed or unlimited */
  users_limit: z.number().nullable(),
  over_limit: z.boolean(),
  /** the key's licence: in force, revoked by an administrator, or replaced by a change (revoked, with a successor); null when unlicensed */
  license_state: z.enum(['licensed', 'revoked', 'replaced']).nullable().optional(),
  /** the licence that replaced the key's, for `replaced` */
  replaced_by: z.string().nullable().optional(),
});
export type InstallationRecord = z.infer<typeof installationRecord>;

export const pingPageSize = 30;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
/** The Ping Dashboard's filters: the list and the CSV export take the same. */
export const pingFiltersQuery = z.object({
  version: safeText({ max: 100 }).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'country is a two-letter code')
    .optional(),
  licensed: flag.optional(),
  managed: flag.optional(),
  search: safeText({ max: 200 }).optional(),
  status: z.enum(installationStatuses).optional(),
  /** behind the latest stable release (true) or on it (false); versions that are not releases match neither */
  behind: flag.optional(),
  over_limit: flag.optional(),
  /** pinging with a revoked or replaced key (true) or not (false) */
  revoked: flag.optional(),
});
export type PingFiltersQuery = z.infer<typeof pingFiltersQuery>;
export const adminPingsQuery = pingFiltersQuery.extend({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(pingPageSize),
});
export type AdminPingsQuery = z.infer<typeof adminPingsQuery>;

/** Installations are counted up to this many: a page's cost must not grow with the table. */
export const pingCountCap = 10_000;
/** `total_capped`: there are more than `total` (= the cap) matching installations. */
export const adminPingsResponse = z.object({ pings: z.array(pingRecord), total: z.number(), total_capped: z.boolean().default(false) });
/** The admin list's answer; `adminPingsResponse` is what older readers (the desktop tray) need of it. */
export const adminInstallationsPage = adminPingsResponse.extend({ pings: z.array(installationRecord) });

export const pingStatsResponse = z.object({
  active_by_day: z.array(z.object({ date: z.string(), installations: z.number() })),
  versions: z.array(z.object({ version: z.string(), installations: z.number() })),
});
export type PingStatsResponse = z.infer<typeof pingStatsResponse>;

export const installationParam = z.object({ id: safeText({ min: 1, max: 300 }) }).describe('installation id');

/** How many days the installation page's uptime chart covers. */
export const uptimeDays = 14;

export const installationDetail = z.object({
  installation: installationRecord,
  license: z
    .object({
      id: z.string(),
      type: z.string(),
      status: z.string(),
      email: z.string(),
      organization_name: z.string(),
      users_limit: z.number().nullable(),
      gpus_limit: z.number().nullable(),
      support_level: z.string(),
      activated_at: z.string().nullable(),
      expires_at: z.string().nullable(),
      perpetual: z.boolean(),
    })
    .nullable(),
  /**
   * the last 14 UTC days, oldest first: hours with a ping ÷ the hours it existed that day (from the
   * hour of its first ping to the current hour); null before its first ping
   */
  uptime: z.array(z.object({ date: z.string(), hours: z.number(), observed_hours: z.number(), uptime: z.number().nullable() })),
  /** each version it reported, in the order it first ran them (from the kept ping history) */
  versions: z.array(z.object({ version: z.string(), first_seen: z.string(), last_seen: z.string(), pings: z.number() })),
});
export type InstallationDetail = z.infer<typeof installationDetail>;

const route = routesOf('pings');

/** Usage pings from installations and the admin Ping Dashboard. */
export const pingsContract = {
  ingest: route('visitor', 'pings.ingest', 'POST /api/ping', {
    summary: 'Usage ping from a running installation',
    body: jsonBody(pingBody, 'ping'),
    responses: {
      200: json('The latest stable version', pingAnswer),
      400: json('The ping is malformed; the latest stable version still', pingRefusal),
      429: json('Too many pings from this address; the latest stable version still', pingRefusal),
      503: json('Not stored now (try again); the latest stable version still', pingRefusal),
    },
    rateLimited: true,
  }),
  adminList: route('admin', 'admin.pings.list', 'GET /api/admin/pings', {
    summary: 'Installations (admin)',
    query: adminPingsQuery,
    responses: { 200: json('A page of installations', adminInstallationsPage) },
  }),
  adminExport: route('admin', 'admin.pings.export', 'GET /api/admin/pings/export', {
    summary: 'Installations as CSV, with the list filters; excel=1 adds a UTF-8 byte-order mark (admin)',
    query: pingFiltersQuery.extend(csvFormat.shape),
    responses: { 200: file('CSV of installations', 'text/csv') },
  }),
  adminStats: route('admin', 'admin.pings.stats', 'GET /api/admin/pings/stats', { summary: 'Installations by day and version (admin)', responses: { 200: json('Statistics', pingStatsResponse) } }),
  adminDetail: route('admin', 'admin.pings.detail', 'GET /api/admin/pings/{id}', {
    summary: 'One installation: license, 14-day uptime, versions (admin)',
    params: installationParam,
    responses: { 200: json('The installation', installationDetail) },
  }),
};
