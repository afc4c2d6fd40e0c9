import { z } from 'zod';
import { json, jsonBody, routesOf } from './route';

/** What administrators are alerted about (bell, e-mail, the desktop tray); each can be turned off per administrator. */
export const adminAlertKinds = ['admin_transfer_pending', 'admin_over_user_limit', 'admin_installation_silent', 'admin_versions_behind', 'admin_deployment_failed', 'admin_payment_received'] as const;
export type AdminAlertKind = (typeof adminAlertKinds)[number];

export const isAdminAlertKind = (kind: string): kind is AdminAlertKind => (adminAlertKinds as readonly string[]).includes(kind);

/** How each alert reads on the Account page; `N` is the administrator's own figure. */
export const adminAlertLabels: Record<AdminAlertKind, string> = {
  admin_transfer_pending: 'A license payment by bank transfer is pending for more than N days',
  admin_over_user_limit: "An installation reports more users than its license's user limit",
  admin_installation_silent: 'A licensed installation has not pinged for 24 hours',
  admin_versions_behind: 'A licensed installation is more than N minor versions behind the latest release',
  admin_deployment_failed: 'A deployment failed',
  admin_payment_received: 'A payment was received',
};

/** Defaults for an administrator who never chose: every alert on, in the bell and by e-mail. */
export const defaultTransferPendingDays = 3;
export const defaultMinorVersionsBehind = 2;
/** A licensed installation is silent after this long without a ping. */
export const silentAfterHours = 24;

const perKind = z.object(Object.fromEntries(adminAlertKinds.map((k) => [k, z.boolean()])) as Record<AdminAlertKind, z.ZodBoolean>);

export const adminAlertPreferencesWire = z.object({
  /** which alerts this administrator gets at all (bell and desktop tray) */
  enabled: perKind,
  /** which of those also arrive by e-mail */
  email: perKind,
  transfer_pending_days: z
    .number()
    .int('transfer_pending_days must be a whole number of days')
    .min(1, 'transfer_pending_days must be at least 1')
    .max(365, 'transfer_pending_days must be at most 365'),
  minor_versions_behind: z.number().int('minor_versions_behind must be a whole number').min(1, 'minor_versions_behind must be at least 1').max(50, 'minor_versions_behind must be at most 50'),
});
export type AdminAlertPreferences = z.infer<typeof adminAlertPreferencesWire>;

/** Each alert's title on the Alerts page's "Send test alert" list. */
export const adminAlertNames: Record<AdminAlertKind, string> = {
  admin_transfer_pending: 'Bank transfer pending',
  admin_over_user_limit: 'Installation over its user limit',
  admin_installation_silent: 'Installation silent',
  admin_versions_behind: 'Installation versions behind',
  admin_deployment_failed: 'Deployment failed',
  admin_payment_received: 'Payment received',
};

export const webhookStatuses = ['off', 'pending', 'delivered', 'failed'] as const;
export type WebhookStatus = (typeof webhookStatuses)[number];

export const alertDeliveryWire = z.object({
  attempt: z.number(),
  at: z.string(),
  /** the receiver's HTTP status; null when none came (refused, timed out) */
  status_code: z.number().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number(),
});
export type AlertDelivery = z.infer<typeof alertDeliveryWire>;

export const alertWire = z.object({
  id: z.string(),
  kind: z.enum(adminAlertKinds),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  test: z.boolean(),
  /** event: over when raised; open: the condition still holds; cleared: it no longer does */
  state: z.enum(['event', 'open', 'cleared']),
  created_at: z.string(),
  cleared_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  /** the administrator who acknowledged it (their e-mail) */
  acknowledged_by: z.string().nullable(),
  webhook: z.object({
    status: z.enum(webhookStatuses),
    attempts: z.number(),
    next_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
    log: z.array(alertDeliveryWire),
  }),
});
export type AlertWire = z.infer<typeof alertWire>;

export const alertListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    /** attention: not acknowledged, and either an open condition or an event */
    show: z.enum(['all', 'attention']).default('all'),
  })
  .describe('query');
export type AlertListQuery = z.infer<typeof alertListQuery>;

export const alertListResponse = z.object({
  alerts: z.array(alertWire),
  page: z.number(),
  page_size: z.number(),
  total: z.number(),
  /** the outgoing webhook: its host when one is configured (the address may carry a token, so not all of it) */
  webhook: z.object({ configured: z.boolean(), host: z.string().nullable() }),
});
export type AlertListResponse = z.infer<typeof alertListResponse>;

export const alertIdParam = z.object({ id: z.uuid('Unknown alert') }).describe('alert id');
export const testAlertBody = z.object({ kind: z.enum(adminAlertKinds, 'kind must be one of the alert kinds') });

const route = routesOf('notifications');

/** Each administrator's choice of alerts: admin routes, so anyone else is answered 403. */
export const adminAlertsContract = {
  getPreferences: route('admin', 'admin.alert-preferences.get', 'GET /api/admin/alert-preferences', {
    summary: 'Which administrator alerts the caller gets, by e-mail too, and their thresholds (admin)',
    responses: { 200: json('Alert preferences', adminAlertPreferencesWire) },
  }),
  putPreferences: route('admin', 'admin.alert-preferences.put', 'PUT /api/admin/alert-preferences', {
    summary: 'Choose which administrator alerts the caller gets, by e-mail too, and their thresholds (admin)',
    body: jsonBody(adminAlertPreferencesWire, 'alert preferences'),
    responses: { 200: json('Alert preferences', adminAlertPreferencesWire) },
  }),
  list: route('admin', 'admin.alerts.list', 'GET /api/admin/alerts', {
    summary: 'Every administrator alert, newest first, with its state, acknowledgement and webhook deliveries (admin)',
    query: alertListQuery,
    responses: { 200: json('A page of alerts', alertListResponse) },
  }),
  acknowledge: route('admin', 'admin.alerts.acknowledge', 'POST /api/admin/alerts/{id}/acknowledge', {
    summary: 'Acknowledge an alert for every administrator (admin)',
    params: alertIdParam,
    responses: { 200: json('The alert', alertWire), 404: { description: 'No such alert' } },
  }),
  sendTest: route('admin', 'admin.alerts.test', 'POST /api/admin/alerts/test', {
    summary: "Raise a test alert of one kind: the caller's bell, their e-mail if they get that kind by e-mail, and the webhook (admin)",
    body: jsonBody(testAlertBody, 'test alert'),
    responses: { 201: json('The test alert', alertWire) },
  }),
};
