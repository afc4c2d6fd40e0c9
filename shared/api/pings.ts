import { z } from 'zod';
import { json, jsonBody, route } from './route';
import { apiErrorBody } from './errors';
import { freeFormProblem, safeText } from './text';

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

export const pingPageSize = 30;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
export const adminPingsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(pingPageSize),
  version: safeText({ max: 100 }).optional(),
  country: z.string().regex(/^[A-Z]{2}$/, 'country is a two-letter code').optional(),
  licensed: flag.optional(),
  managed: flag.optional(),
  search: safeText({ max: 200 }).optional(),
});
export type AdminPingsQuery = z.infer<typeof adminPingsQuery>;

/** Installations are counted up to this many: a page's cost must not grow with the table. */
export const pingCountCap = 10_000;
/** `total_capped`: there are more than `total` (= the cap) matching installations. */
export const adminPingsResponse = z.object({ pings: z.array(pingRecord), total: z.number(), total_capped: z.boolean().default(false) });
export type AdminPingsResponse = z.infer<typeof adminPingsResponse>;

export const pingStatsResponse = z.object({
  active_by_day: z.array(z.object({ date: z.string(), installations: z.number() })),
  versions: z.array(z.object({ version: z.string(), installations: z.number() })),
});
export type PingStatsResponse = z.infer<typeof pingStatsResponse>;

/** Usage pings from installations and the admin Ping Dashboard. */
export const pingsContract = {
  ingest: route({ name: 'pings.ingest', method: 'POST', path: '/api/ping', summary: 'Usage ping from a running installation', tag: 'pings', auth: 'visitor', body: jsonBody(pingBody), responses: {
      200: json('The latest stable version', pingAnswer),
      400: json('The ping is malformed; the latest stable version still', pingRefusal),
      429: json('Too many pings from this address; the latest stable version still', pingRefusal),
      503: json('Not stored now (try again); the latest stable version still', pingRefusal),
    },
    rateLimited: true,
    what: { body: 'ping' },
  }),
  adminList: route({ name: 'admin.pings.list', method: 'GET', path: '/api/admin/pings', summary: 'Installations (admin)', tag: 'admin', auth: 'admin', query: adminPingsQuery, responses: { 200: json('A page of installations', adminPingsResponse) } }),
  adminStats: route({ name: 'admin.pings.stats', method: 'GET', path: '/api/admin/pings/stats', summary: 'Installations by day and version (admin)', tag: 'admin', auth: 'admin', responses: { 200: json('Statistics', pingStatsResponse) } }),
};
