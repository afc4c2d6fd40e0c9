import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt, uuidId } from './columns';
import { ownerId, users } from './auth';

/**
 * The audit log: every admin action and security event, append-only (a trigger refuses updates and
 * deletes). `subject_user_id` is the account the event concerns, so users can read their own.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuidId(),
    at: timestamptz('at').notNull().defaultNow(),
    /** e.g. `admin.balance.topup`, `auth.api_key.created`, `auth.sign_in.limited` */
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    /** what was acted on: `user`, `deployment`, `licence`, `api_key`, `account` */
    targetType: text('target_type'),
    targetId: text('target_id'),
    subjectUserId: uuid('subject_user_id'),
    ipAddress: text('ip_address'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_events_at').on(t.at, t.id),
    index('audit_events_subject').on(t.subjectUserId, t.at),
    index('audit_events_actor').on(t.actorUserId, t.at),
    index('audit_events_action').on(t.action, t.at),
  ],
);

/** In-app notifications; `dedupe_key` makes each one happen once across restarts and instances. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuidId(),
    userId: ownerId(),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** an in-app path, e.g. `/balance` */
    link: text('link'),
    createdAt: createdAt(),
    readAt: timestamptz('read_at'),
  },
  (t) => [uniqueIndex('notifications_dedupe').on(t.dedupeKey), index('notifications_user').on(t.userId, t.createdAt)],
);

/** What each user wants by e-mail, and their low-balance threshold. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  /** kinds the user receives by e-mail; kinds absent here use their default */
  email: jsonb('email').$type<Record<string, boolean>>().notNull().default({}),
  lowBalanceCents: bigint('low_balance_cents', { mode: 'number' }).notNull().default(200),
  updatedAt: updatedAt(),
});

/**
 * Every e-mail the platform sends. With SMTP configured it is delivered and marked sent; without,
 * it stays here and admins read it on the Sent Mail page, so the whole flow works with no account.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuidId(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    notificationId: uuid('notification_id'),
    /** a billing document sent with it as a PDF attachment (the payment e-mail's receipt or invoice) */
    documentId: uuid('document_id'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    /** `smtp` once delivered, `database` when kept here only */
    transport: text('transport', { enum: ['smtp', 'database'] }).notNull(),
    delivered: boolean('delivered').notNull().default(false),
    error: text('error'),
  },
  (t) => [
    index('mail_outbox_created').on(t.createdAt),
    index('mail_outbox_pending')
      .on(t.delivered, t.createdAt)
      .where(sql`delivered = false`),
  ],
);
