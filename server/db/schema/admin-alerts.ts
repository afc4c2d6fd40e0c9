import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt, uuidId } from './columns';
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

/**
 * The operator's alert history (the Alerts page), one row per alert whoever receives it: an event
 * (a failed deployment, a payment) once ever by its `dedupe_key`; a condition (a pending transfer, a
 * silent installation) once while it is open, by the partial unique index on its kind and subject,
 * so two instances checking at once write one row. The outgoing webhook is delivered from here.
 */
export const adminAlertHistory = pgTable(
  'admin_alert_history',
  {
    id: uuidId(),
    kind: text('kind').notNull(),
    /** what the alert is about: a licence id, an installation key, `checkout:<id>` */
    subject: text('subject').notNull(),
    /** a condition lasts until it no longer holds (`cleared_at`); an event is over when it is raised */
    condition: boolean('condition').notNull(),
    /** events and test alerts: unique for ever; conditions: null (the open-condition index decides) */
    dedupeKey: text('dedupe_key'),
    test: boolean('test').notNull().default(false),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    createdAt: createdAt(),
    clearedAt: timestamptz('cleared_at'),
    acknowledgedAt: timestamptz('acknowledged_at'),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    /** `off` (no webhook configured when raised), `pending` (to send or retry), `delivered`, `failed` (gave up) */
    webhookStatus: text('webhook_status', { enum: ['off', 'pending', 'delivered', 'failed'] }).notNull(),
    webhookAttempts: integer('webhook_attempts').notNull().default(0),
    /** when the next attempt is due; an instance sending it moves it past its claim */
    webhookNextAt: timestamptz('webhook_next_at'),
    webhookDeliveredAt: timestamptz('webhook_delivered_at'),
  },
  (t) => [
    uniqueIndex('admin_alert_history_dedupe').on(t.dedupeKey),
    uniqueIndex('admin_alert_history_open_condition')
      .on(t.kind, t.subject)
      .where(sql`condition and cleared_at is null`),
    index('admin_alert_history_created').on(t.createdAt),
    index('admin_alert_history_webhook_due')
      .on(t.webhookNextAt)
      .where(sql`webhook_status = 'pending'`),
  ],
);

/** Each attempt to deliver an alert to the outgoing webhook: the delivery log under each alert. */
export const adminAlertDeliveries = pgTable(
  'admin_alert_deliveries',
  {
    id: uuidId(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => adminAlertHistory.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: timestamptz('at').notNull(),
    /** the receiver's HTTP status; null when none came (refused, timed out) */
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('admin_alert_deliveries_alert').on(t.alertId, t.attempt)],
);
