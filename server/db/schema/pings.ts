import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/** One row per running installation (its license key hash, or `ip:<address>` for unlicensed ones). */
export const installations = pgTable(
  'installations',
  {
    key: text('key').primaryKey(),
    deploymentId: text('deployment_id').notNull(),
    ipAddress: text('ip_address').notNull(),
    country: text('country'),
    countryName: text('country_name'),
    city: text('city'),
    version: text('version').notNull(),
    edition: text('edition'),
    appsCount: integer('apps_count').notNull(),
    usersCount: integer('users_count').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    licenseId: text('license_id'),
    licenseUserEmail: text('license_user_email'),
    organizationName: text('organization_name'),
    instanceUserEmail: text('instance_user_email'),
    isManaged: boolean('is_managed').notNull().default(false),
    pingCount: integer('ping_count').notNull().default(1),
    /** first seen: the installation's vintage */
    firstSeen: timestamptz('first_seen').notNull(),
    lastPing: timestamptz('last_ping').notNull(),
  },
  (t) => [index('installations_last_ping').on(t.lastPing, t.key), index('installations_version').on(t.version), index('installations_country').on(t.country)],
);

/** A bounded history of pings (retention by age and by count per installation) for charts. */
export const pingHistory = pgTable(
  'ping_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    installationKey: text('installation_key').notNull(),
    at: timestamptz('at').notNull(),
    version: text('version').notNull(),
    appsCount: integer('apps_count').notNull(),
    usersCount: integer('users_count').notNull(),
  },
  (t) => [index('ping_history_installation').on(t.installationKey, t.at), index('ping_history_at').on(t.at)],
);

/** Which installations pinged on which day: the 30-day activity chart without scanning the history. */
export const installationDays = pgTable(
  'installation_days',
  {
    day: text('day').notNull(),
    installationKey: text('installation_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.installationKey] })],
);
