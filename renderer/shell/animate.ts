/** The balance display animates to a new value over 500 ms (spec). */
export const balanceAnimationMs = 500;

/** Fast start, gentle landing: 0 → 0, 1 → 1, monotonic in between. */
export function easeOutCubic(t: number): number {
  const c = Math.min(1, Math.max(0, t));
  return 1 - (1 - c) ** 3;
}

/**
 * The value shown `elapsedMs` into an animation from `from` to `to`, in whole cents so the text
 * never shows fractions of a cent; exactly `to` once the duration has passed.
 */
export function animatedValue(from: number, to: number, elapsedMs: number, durationMs = balanceAnimationMs): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return to;
  if (elapsedMs <= 0) return from;
  return Math.round(from + (to - from) * easeOutCubic(elapsedMs / durationMs));
}
