import { z } from 'zod';
import { json, jsonBody, noContent, routesOf } from './route';

/** What a user can be told about; each kind can be turned on or off for e-mail. */
export const notificationKinds = [
  'low_balance',
  'balance_empty_soon',
  'deployment_expiring',
  'deployment_terminated',
  'payment_received',
  'licence_expiring',
  'licence_payment_pending',
  'licence_revoked',
  'licence_changed',
  'deployment_ready',
  'deployment_failed',
  'deployment_version',
  'licence_issued',
  'licence_activated',
  'topup_received',
  'team_member_joined',
  'team_membership_ended',
  'spend_limit',
  'deployment_deleted',
  'deployment_timeout',
  'api_key_created',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** How each kind reads on the Account page's e-mail preferences. */
export const notificationKindLabels: Record<NotificationKind, string> = {
  low_balance: 'Balance below my threshold',
  balance_empty_soon: 'Balance runs out within an hour',
  deployment_expiring: 'A deployment expires within an hour',
  deployment_terminated: 'A deployment was terminated',
  payment_received: 'A payment was received',
  licence_expiring: 'A license expires in 30, 7 or 1 days',
  licence_payment_pending: 'A license payment is pending for 7 days',
  licence_revoked: 'A license was revoked',
  licence_changed: 'A license was renewed, extended or changed (new key)',
  deployment_ready: 'A deployment is ready',
  deployment_failed: 'A deployment failed',
  deployment_version: "A deployment's version was changed (or the change failed)",
  licence_issued: 'A license was issued to me',
  licence_activated: 'A license was activated after its payment',
  topup_received: 'An administrator added funds to my balance',
  team_member_joined: 'Someone joined a team I belong to',
  team_membership_ended: 'I was removed from a team',
  spend_limit: "This month's spend reached 80% or 100% of the monthly spend limit",
  deployment_deleted: 'A deployment was deleted',
  deployment_timeout: "A deployment's timeout was changed",
  api_key_created: 'An API key was created',
};

/** The low-balance threshold when the user has not set one: $2. */
export const defaultLowBalanceCents = 200;

export const notificationWire = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationWire = z.infer<typeof notificationWire>;

export const notificationsResponse = z.object({ notifications: z.array(notificationWire), unread_count: z.number() });
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

export const notificationIdParam = z.object({ id: z.uuid('Unknown notification') }).describe('notification id');

const emailPreferences = z.object(Object.fromEntries(notificationKinds.map((k) => [k, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>);

export const preferencesWire = z.object({
  /** which kinds also arrive by e-mail */
  email: emailPreferences,
  low_balance_cents: z.number().int('low_balance_cents must be a whole number of cents').min(0, 'low_balance_cents must not be negative').max(100_000_000),
});
export type PreferencesWire = z.infer<typeof preferencesWire>;

export const adminMailQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const sentMailWire = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  transport: z.enum(['smtp', 'database']),
  delivered: z.boolean(),
  error: z.string().nullable(),
});
export type SentMail = z.infer<typeof sentMailWire>;
export const adminMailResponse = z.object({ mail: z.array(sentMailWire), page: z.number(), page_size: z.number(), total: z.number() });
export type AdminMailResponse = z.infer<typeof adminMailResponse>;

const route = routesOf('notifications');

/** The notification centre, e-mail preferences and the admin's Sent Mail. */
export const notificationsContract = {
  list: route('user', 'notifications.list', 'GET /api/notifications', {
    summary: "The caller's notifications, newest first, with the unread count",
    responses: { 200: json('Notifications', notificationsResponse) },
  }),
  markRead: route('user', 'notifications.mark-read', 'POST /api/notifications/{id}/read', { summary: 'Mark one notification read', params: notificationIdParam, responses: { 204: noContent } }),
  markAllRead: route('user', 'notifications.mark-all-read', 'POST /api/notifications/read-all', { summary: 'Mark every notification read', responses: { 204: noContent } }),
  getPreferences: route('user', 'notifications.preferences.get', 'GET /api/notifications/preferences', {
    summary: 'Which notifications arrive by e-mail, and the low-balance threshold',
    responses: { 200: json('Preferences', preferencesWire) },
  }),
  putPreferences: route('user', 'notifications.preferences.put', 'PUT /api/notifications/preferences', {
    summary: 'Choose which notifications arrive by e-mail, and the low-balance threshold',
    body: jsonBody(preferencesWire, 'preferences'),
    responses: { 200: json('Preferences', preferencesWire) },
  }),
  adminMail: route('admin', 'admin.mail.list', 'GET /api/admin/mail', {
    summary: 'Every e-mail the platform sent or kept, newest first (admin)',
    query: adminMailQuery,
    responses: { 200: json('A page of e-mails', adminMailResponse) },
  }),
};
