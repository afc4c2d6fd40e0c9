/**
 * An installation's status on the Ping Dashboard, from its first and last ping (issue #22):
 * `inactive` once no ping has come for 3 hours; otherwise `new` while it was first seen less than
 * 24 hours ago, and `active` after that. The server filters with the same thresholds in SQL.
 */
export const installationStatuses = ['active', 'inactive', 'new'] as const;
export type InstallationStatus = (typeof installationStatuses)[number];

export const inactiveAfterMs = 3 * 3_600_000;
export const newForMs = 24 * 3_600_000;

export function installationStatus(firstSeen: Date, lastPing: Date, now: Date): InstallationStatus {
  if (now.getTime() - lastPing.getTime() >= inactiveAfterMs) return 'inactive';
  return now.getTime() - firstSeen.getTime() < newForMs ? 'new' : 'active';
}

/** The last-ping and first-seen bounds of a status: inactive = last ping at or before `pingedBefore`. */
export function statusBounds(now: Date): { pingedBefore: Date; newSince: Date } {
  return { pingedBefore: new Date(now.getTime() - inactiveAfterMs), newSince: new Date(now.getTime() - newForMs) };
}
