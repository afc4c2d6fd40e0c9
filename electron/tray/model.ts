import type { PingRecord } from '../../shared/api/pings';
import type { TrayAlert, TrayInstallation, TrayView } from '../../shared/desktop/ipc';

/** The spec does not define "active": an installation that pinged within the last 24 hours. */
export const activeWithinMs = 24 * 3600_000;
export const listLength = 8;

/** A two-letter country code as text ("DE"), "—" when unknown: flag emoji are boxes on Linux without an emoji font and letters on Windows. */
export function countryFlag(code: string | null): string {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return '—';
  return code.toUpperCase();
}

const organization = (p: PingRecord) => p.organization_name ?? p.license_user_email ?? p.instance_user_email ?? 'Unknown organization';

function toItem(p: PingRecord): TrayInstallation {
  return { id: p.id, flag: countryFlag(p.country), country: p.country_name ?? p.country ?? 'Unknown country', organization: organization(p), version: p.version, lastPing: p.last_ping };
}

export function trayView(pings: PingRecord[], total: number, now: Date, alerts: TrayAlert[] = []): TrayView {
  const byLastPing = [...pings].sort((a, b) => b.last_ping.localeCompare(a.last_ping));
  const byFirstSeen = [...pings].sort((a, b) => b.vintage.localeCompare(a.vintage));
  return {
    activeInstallations: pings.filter((p) => now.getTime() - Date.parse(p.last_ping) <= activeWithinMs).length,
    totalInstallations: total,
    latest: byLastPing.slice(0, listLength).map(toItem),
    newest: byFirstSeen.slice(0, listLength).map(toItem),
    alerts,
    updatedAt: now.toISOString(),
    paused: null,
  };
}

export interface TrayNotification {
  title: string;
  body: string;
}

/** What the tray remembers between polls: every installation seen and its version. */
export type KnownVersions = ReadonlyMap<string, string>;

/**
 * Desktop notifications for a poll: a new installation appears, or an installation changes
 * version. Nothing on the first load (everything would be "new"), and nothing for a plain ping.
 * `known` keeps every installation ever seen, so one that drops off the fetched page and comes
 * back is not announced twice.
 */
export function pingNotifications(known: KnownVersions | undefined, pings: PingRecord[]): { notifications: TrayNotification[]; known: KnownVersions } {
  const next = new Map(known ?? []);
  const notifications: TrayNotification[] = [];
  for (const p of pings) {
    const before = next.get(p.id);
    next.set(p.id, p.version);
    if (!known) continue;
    const where = `${organization(p)} (${countryFlag(p.country)})`;
    if (before === undefined) notifications.push({ title: 'New installation', body: `${where} is running version ${p.version}` });
    else if (before !== p.version) notifications.push({ title: 'Installation updated', body: `${where} moved from ${before} to ${p.version}` });
  }
  return { notifications, known: next };
}
