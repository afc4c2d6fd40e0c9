import { z } from 'zod';

/** What running installations send (interop spec); unknown extra fields are kept as metadata. */
export const pingBody = z
  .object({
    version: z.string().trim().min(1).max(100),
    apps_count: z.number().int().min(0).max(10_000_000),
    users_count: z.number().int().min(0).max(10_000_000),
    deployment_id: z.union([z.literal('unknown'), z.string().regex(/^[0-9a-f]{64}$/i, 'deployment_id must be a hex SHA-256 or "unknown"')]),
    edition: z.string().trim().max(50).optional(),
  })
  .catchall(z.unknown());
export type PingBody = z.infer<typeof pingBody>;

export const pingAnswer = z.object({ latest_version: z.string() });

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
  version: z.string().max(100).optional(),
  country: z.string().regex(/^[A-Z]{2}$/, 'country is a two-letter code').optional(),
  licensed: flag.optional(),
  managed: flag.optional(),
  search: z.string().trim().max(200).optional(),
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
