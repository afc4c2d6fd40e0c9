import { formatCents } from '../../shared/api/billing';

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "3 days 4 hours", "5 hours 20 minutes", "12 minutes": the two largest units, rounded down. */
export function formatDuration(totalMinutes: number): string {
  const m = Math.max(0, Math.floor(totalMinutes));
  const days = Math.floor(m / 1440);
  const hours = Math.floor((m % 1440) / 60);
  const minutes = m % 60;
  if (days > 0) return hours > 0 ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  if (hours > 0) return minutes > 0 ? `${plural(hours, 'hour')} ${plural(minutes, 'minute')}` : plural(hours, 'hour');
  return plural(minutes, 'minute');
}

/**
 * How long the balance lasts at the current burn: "About 3 days 4 hours at $0.10/hr", or
 * "No running paid deployments" when nothing is charged by the hour.
 */
export function runtimeLeftText(runtimeLeftMinutes: number | null, hourlyBurnCents: number): string {
  if (runtimeLeftMinutes === null || hourlyBurnCents <= 0) return 'No running paid deployments';
  const rate = `${formatCents(hourlyBurnCents)}/hr`;
  if (runtimeLeftMinutes < 1) return `Less than a minute left at ${rate}`;
  return `About ${formatDuration(runtimeLeftMinutes)} at ${rate}`;
}

/** Under an hour of runtime left: the widget and the page warn. */
export function isRunningLow(runtimeLeftMinutes: number | null, balanceCents: number): boolean {
  return balanceCents <= 0 || (runtimeLeftMinutes !== null && runtimeLeftMinutes < 60);
}
