/**
 * The balance when the user left for checkout, kept for the tab's session, so the return to
 * /balance?checkout=success can animate from the old figure to the new one.
 */
const key = 'launchpad:balance-before-checkout';
const maxAgeMs = 2 * 3600_000;

export function rememberBalanceBeforeCheckout(cents: number | undefined, now = Date.now()): void {
  if (cents === undefined) return;
  try {
    sessionStorage.setItem(key, JSON.stringify({ cents, at: now }));
  } catch {
    // storage may be unavailable (private mode, quota): the figure then simply appears
  }
}

/**
 * The remembered balance; undefined when none, stale or unreadable. Only reads, so it is safe in
 * render (React may render a component more than once before it mounts); `forget…` after mounting.
 */
export function balanceBeforeCheckout(now = Date.now()): number | undefined {
  try {
    const raw = sessionStorage.getItem(key);
    const v: unknown = raw ? JSON.parse(raw) : undefined;
    if (!v || typeof v !== 'object' || !('cents' in v) || !('at' in v)) return undefined;
    const { cents, at } = v as { cents: unknown; at: unknown };
    return typeof cents === 'number' && typeof at === 'number' && now - at < maxAgeMs ? cents : undefined;
  } catch {
    return undefined;
  }
}

export function forgetBalanceBeforeCheckout(): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // nothing to forget
  }
}
