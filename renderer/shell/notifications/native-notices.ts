import type { NotificationWire } from '../../../shared/api/notifications';

/**
 * Which notifications to show natively: unread ones not in the list seen before. The first list
 * (`seen` undefined) only records what is there, so starting the app does not replay old news.
 */
export function freshNotices(seen: ReadonlySet<string> | undefined, list: readonly NotificationWire[]): { show: NotificationWire[]; seen: Set<string> } {
  const now = new Set(list.map((n) => n.id));
  if (!seen) return { show: [], seen: now };
  return { show: list.filter((n) => !n.read_at && !seen.has(n.id)), seen: new Set([...seen, ...now]) };
}
