import { boolean, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, updatedAt } from './columns';
import { users } from './auth';

/** Each administrator's alerts: which they get, which also by e-mail, and their thresholds. */
export const adminAlertPreferences = pgTable('admin_alert_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** alert kinds turned on or off; kinds absent here are on */
  enabled: jsonb('enabled').$type<Record<string, boolean>>().notNull().default({}),
  /** alert kinds also sent by e-mail; kinds absent here are */
  email: jsonb('email').$type<Record<string, boolean>>().notNull().default({}),
  transferPendingDays: integer('transfer_pending_days').notNull().default(3),
  minorVersionsBehind: integer('minor_versions_behind').notNull().default(2),
  updatedAt: updatedAt(),
});

/**
 * A lasting condition (an installation over its user limit, a silent one, a pending transfer) as
 * one administrator was alerted about it: `episode` counts the times it became true, and the
 * alert's dedupe key carries it, so a condition alerts once while it lasts and again once it has
 * cleared (`active` false) and come back.
 */
export const adminAlertConditions = pgTable(
  'admin_alert_conditions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `<kind>:<subject>`, e.g. `admin_over_user_limit:<installation key>` */
    conditionKey: text('condition_key').notNull(),
    active: boolean('active').notNull(),
    episode: integer('episode').notNull(),
    changedAt: timestamptz('changed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conditionKey] })],
);
