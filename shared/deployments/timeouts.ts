/** Timeout choices of the spec (section 9); null runs forever. */
export const createTimeoutOptions: readonly (number | null)[] = [null, 60, 240, 480, 1440];
export const extendTimeoutOptions: readonly (number | null)[] = [null, 60, 120, 240, 600, 1440, 10080, 20160, 43200];

export function timeoutLabel(mins: number | null): string {
  if (mins === null) return 'Run Forever';
  if (mins % 1440 === 0) return mins === 1440 ? '1 day' : `${mins / 1440} days`;
  if (mins % 60 === 0) return mins === 60 ? '1 hour' : `${mins / 60} hours`;
  return `${mins} minutes`;
}

/** When a deployment with this timeout is due for termination; null when it never expires. */
export function expiresAt(createdAt: Date, timeoutMins: number | null): Date | null {
  return timeoutMins === null ? null : new Date(createdAt.getTime() + timeoutMins * 60_000);
}

/**
 * The countdown of a deployment row: Never expires, a "1d 2h 3m 4s remaining" string (leading zero
 * units dropped), or Terminating... once created_at plus timeout_mins has passed.
 */
export function countdownText(createdAt: Date, timeoutMins: number | null, now: Date): string {
  const end = expiresAt(createdAt, timeoutMins);
  if (!end) return 'Never expires';
  const left = Math.floor((end.getTime() - now.getTime()) / 1000);
  if (left <= 0) return 'Terminating...';
  const d = Math.floor(left / 86400);
  const h = Math.floor((left % 86400) / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const parts = d > 0 ? [`${d}d`, `${h}h`, `${m}m`, `${s}s`] : h > 0 ? [`${h}h`, `${m}m`, `${s}s`] : m > 0 ? [`${m}m`, `${s}s`] : [`${s}s`];
  return `${parts.join(' ')} remaining`;
}

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The countdown button's accessible name: the same end in words, to the minute (rounded up), so a
 * screen reader is not read a clock that changes every second.
 */
export function countdownName(createdAt: Date, timeoutMins: number | null, now: Date): string {
  const end = expiresAt(createdAt, timeoutMins);
  if (!end) return 'Auto-termination: never expires';
  const left = Math.ceil((end.getTime() - now.getTime()) / 60_000);
  if (left <= 0) return 'Auto-termination: terminating';
  if (left === 1 && end.getTime() - now.getTime() < 60_000) return 'Auto-termination: in less than a minute';
  const d = Math.floor(left / 1440);
  const h = Math.floor((left % 1440) / 60);
  const m = left % 60;
  const parts = [d > 0 && unit(d, 'day'), h > 0 && unit(h, 'hour'), m > 0 && unit(m, 'minute')].filter(Boolean);
  return `Auto-termination: in ${parts.join(' ')}`;
}
