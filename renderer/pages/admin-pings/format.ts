/** "3 minutes ago" style text for the Last Ping column. */
export function relativeTime(iso: string, now: number): string {
  const s = Math.round((now - Date.parse(iso)) / 1000);
  if (!Number.isFinite(s)) return '—';
  if (s < 45) return 'just now';
  const units: [number, string][] = [
    [60, 'minute'],
    [3600, 'hour'],
    [86400, 'day'],
    [2592000, 'month'],
    [31536000, 'year'],
  ];
  let unit: [number, string] = [60, 'minute'];
  for (const u of units) if (s >= u[0]) unit = u;
  const n = Math.max(1, Math.round(s / unit[0]));
  return `${n} ${unit[1]}${n === 1 ? '' : 's'} ago`;
}

/** The flag emoji of a two-letter country code (regional indicator symbols). */
export function countryFlag(code: string | null): string {
  if (!code || !/^[A-Z]{2}$/.test(code)) return '🏳️';
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** Deployment ids and versions are shown by their first 7 characters (a git SHA's short form). */
export const short = (s: string) => s.slice(0, 7);

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Shown on rows keyed by address (shared/pings/installation-key.ts): unlicensed installations send no id of their own. */
export const sharedAddressNote = 'Unlicensed installations send no id of their own: all of them behind this address (of one edition) are counted in this one row.';

/** How far an installation's version is from the latest stable release. */
export function behindText(n: number | null): string {
  if (n === null) return 'Unknown';
  return n === 0 ? 'Latest' : `${n} behind`;
}

/** Reported users against the licence's limit: `9 / 5`, or just `9` without a limit. */
export const usersText = (users: number, limit: number | null) => (limit === null ? String(users) : `${users} / ${limit}`);
