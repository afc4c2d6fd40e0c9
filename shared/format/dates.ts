/**
 * THE date and time formats of every screen (issue #27): one for dates ("Nov 26, 2026"), one for
 * date-times ("Nov 26, 2026, 11:34 AM"), in the reader's time zone; relative times where the spec
 * asks for them; ISO 8601 in files. Text that cannot be read as a time shows as "—".
 */

type When = string | Date;

const toDate = (when: When) => (when instanceof Date ? when : new Date(when));
const valid = (d: Date) => !Number.isNaN(d.getTime());

const dateFormat = (timeZone?: string) => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone });
const dateTimeFormat = (timeZone?: string) => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone });
const localDate = dateFormat();
const localDateTime = dateTimeFormat();

/** "Nov 26, 2026"; `timeZone` for tests and for UTC calendar days. */
export function formatDate(when: When, timeZone?: string): string {
  const d = toDate(when);
  if (!valid(d)) return '—';
  return (timeZone ? dateFormat(timeZone) : localDate).format(d);
}

/** "Nov 26, 2026, 11:34 AM". */
export function formatDateTime(when: When, timeZone?: string): string {
  const d = toDate(when);
  if (!valid(d)) return '—';
  return (timeZone ? dateTimeFormat(timeZone) : localDateTime).format(d);
}

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A UTC calendar day "2026-03-05" as "Mar 5" (chart axes, where the year is the chart's). */
export function formatChartDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return valid(d) ? shortDay.format(d) : day;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** How long ago an instant was: "just now", "3 minutes ago", "2 hours ago", "5 days ago", "1 month ago", "2 years ago". */
export function formatAgo(when: When, now: number | Date): string {
  const d = toDate(when);
  if (!valid(d)) return '—';
  const seconds = Math.max(0, Math.round((Number(now) - d.getTime()) / 1000));
  if (seconds < 45) return 'just now';
  const units: [number, string][] = [
    [31_536_000, 'year'],
    [2_592_000, 'month'],
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  const [size, unit] = units.find(([s]) => seconds >= s) ?? [60, 'minute'];
  return `${plural(Math.max(1, Math.floor(seconds / size)), unit)} ago`;
}

/** A past date by calendar day (public-site spec): Today, Yesterday, N days ago, N weeks ago, N months ago. */
export function formatDaysAgo(when: When, now: Date): string {
  const then = toDate(when);
  if (!valid(then)) return '—';
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(then)) / 86_400_000);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  if (days < 30) return `${plural(Math.floor(days / 7), 'week')} ago`;
  return `${plural(Math.floor(days / 30), 'month')} ago`;
}

/** ISO 8601 in UTC ("2026-11-26T11:34:00.000Z"), as files (CSV) carry times; empty for none. */
export function isoTimestamp(when: When | null | undefined): string {
  if (when === null || when === undefined || when === '') return '';
  const d = toDate(when);
  return valid(d) ? d.toISOString() : '';
}
