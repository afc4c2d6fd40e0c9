import { isAdminAlertKind } from '../../shared/api/admin-alerts';
import type { NotificationWire } from '../../shared/api/notifications';
import type { TrayAlert } from '../../shared/desktop/ipc';
import type { TrayNotification } from './model';

/** How many unread administrator alerts the tray window lists. */
export const alertListLength = 8;

/** The caller's unread administrator alerts (the bell's own list), newest first. */
export function trayAlerts(notifications: readonly NotificationWire[]): TrayAlert[] {
  return notifications
    .filter((n) => isAdminAlertKind(n.kind) && !n.read_at)
    .slice(0, alertListLength)
    .map((n) => ({ id: n.id, title: n.title, body: n.body, createdAt: n.created_at }));
}

/**
 * A desktop notification for each alert that arrived since the last poll. Nothing on the first
 * load: those alerts are already under the bell, and a restart must not replay them.
 */
export function alertNotifications(known: ReadonlySet<string> | undefined, alerts: readonly TrayAlert[]): { notifications: TrayNotification[]; known: ReadonlySet<string> } {
  const next = new Set(known ?? []);
  const notifications: TrayNotification[] = [];
  for (const a of alerts) {
    if (known && !next.has(a.id)) notifications.push({ title: a.title, body: a.body });
    next.add(a.id);
  }
  return { notifications, known: next };
}
