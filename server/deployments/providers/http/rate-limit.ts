/**
 * Tracks the `RateLimit-*` headers Hetzner Cloud sends with every answer (docs.hetzner.cloud,
 * "Rate Limiting"): `RateLimit-Limit` = requests per hour (default 3600), `RateLimit-Remaining`,
 * `RateLimit-Reset` = UNIX time (seconds) at which the *full* quota is back. The quota refills
 * gradually (3600/h → one request per second), so once `Remaining` hits 0 the next request is
 * possible after (reset - now) / limit, not only at `reset`; we wait for that much.
 */
export class RateLimitTracker {
  private blockedUntil = 0;
  public last: { limit?: number; remaining?: number; reset?: number } = {};

  constructor(private readonly now: () => number) {}

  /** Records one answer's headers. */
  observe(headers: Headers): void {
    const num = (name: string) => {
      const v = headers.get(name);
      const n = v === null ? NaN : Number(v);
      return Number.isFinite(n) ? n : undefined;
    };
    const limit = num('ratelimit-limit');
    const remaining = num('ratelimit-remaining');
    const reset = num('ratelimit-reset');
    if (remaining === undefined) return;
    this.last = { limit, remaining, reset };
    this.blockedUntil = remaining > 0 ? 0 : this.now() + this.waitForOneRequest();
  }

  /** How long to wait for one request to be allowed again, from the last headers seen. */
  waitForOneRequest(): number {
    const { limit, reset } = this.last;
    if (reset === undefined) return 1000;
    const untilFull = Math.max(0, reset * 1000 - this.now());
    return limit && limit > 0 ? Math.ceil(untilFull / limit) : untilFull;
  }

  /** Milliseconds to wait before the next request (0 when the quota is not exhausted). */
  pendingWait(): number {
    return Math.max(0, this.blockedUntil - this.now());
  }

  clear(): void {
    this.blockedUntil = 0;
  }
}
