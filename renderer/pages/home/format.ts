/** Public-site 4 and 9: colours, relative times and expiry texts of the Command Center. */

export type Tone = 'green' | 'amber' | 'red' | 'grey';

const dayMs = 24 * 60 * 60 * 1000;

/** Deployment status colours: running green, pending amber, error/failed red, anything else grey. */
export function statusColour(status: string): Tone {
  switch (status.toLowerCase()) {
    case 'running':
      return 'green';
    case 'pending':
      return 'amber';
    case 'error':
    case 'failed':
      return 'red';
    default:
      return 'grey';
  }
}

/** Whole days from now until the date (negative when past); undefined for no or an unreadable date. */
export function daysLeft(expires: string | null | undefined, now: Date): number | undefined {
  if (!expires) return undefined;
  const t = new Date(expires).getTime();
  if (Number.isNaN(t)) return undefined;
  return Math.floor((t - now.getTime()) / dayMs);
}

/** Licence colour: payment pending amber; no expiry green; under 30 days red; under 90 amber; else green. */
export function licenceColour(license: { payment_status: string; expires: string | null }, now: Date): Tone {
  if (license.payment_status === 'pending') return 'amber';
  const days = daysLeft(license.expires, now);
  if (days === undefined) return 'green';
  if (days < 30) return 'red';
  if (days < 90) return 'amber';
  return 'green';
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Expiry text: Expired; N days left under 30; N months left (days/30 floored) under 365; else N years left. */
export function expiryText(expires: string | null | undefined, now: Date): string {
  const days = daysLeft(expires, now);
  if (days === undefined) return 'Never expires';
  if (days < 0) return 'Expired';
  if (days < 30) return `${plural(days, 'day')} left`;
  if (days < 365) return `${plural(Math.floor(days / 30), 'month')} left`;
  return `${plural(Math.floor(days / 365), 'year')} left`;
}

/** Relative time of a past date by calendar day (spec): the one formatter of shared/format/dates.ts. */
export { formatDaysAgo as relativeTime } from '../../../shared/format/dates';
