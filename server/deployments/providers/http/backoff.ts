/** Wait times for retries: exponential backoff with jitter, and the waits servers ask for. */

export interface BackoffSettings {
  /** first retry waits about this long; each further retry doubles it */
  baseDelayMs: number;
  /** no single wait is longer than this, whatever the server asks for */
  maxWaitMs: number;
  random: () => number;
}

/** Delay before retry number `retry` (1 = first retry): base·2^(retry-1), "equal jitter" (half fixed, half random). */
export function backoffDelay(retry: number, s: BackoffSettings): number {
  const full = Math.min(s.maxWaitMs, s.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.round(full / 2 + s.random() * (full / 2));
}

/** `Retry-After` as delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export const clampWait = (ms: number, maxWaitMs: number) => Math.max(0, Math.min(ms, maxWaitMs));
