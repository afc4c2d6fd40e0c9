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
};
