/** A fixed-window counter per key (sender IP): `limit` requests per `windowMs`. */
export function createRateLimiter(o: { limit: number; windowMs: number; now?: () => number; maxKeys?: number }) {
  const now = o.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** undefined when allowed, otherwise the seconds until the window resets */
    hit(key: string): number | undefined {
      const t = now();
      let w = windows.get(key);
      if (!w || t - w.start >= o.windowMs) {
        if (windows.size >= (o.maxKeys ?? 100_000)) {
          for (const [k, v] of windows) if (t - v.start >= o.windowMs) windows.delete(k);
          if (windows.size >= (o.maxKeys ?? 100_000)) windows.clear();
        }
        w = { start: t, count: 0 };
        windows.set(key, w);
      }
      w.count++;
      return w.count > o.limit ? Math.max(1, Math.ceil((w.start + o.windowMs - t) / 1000)) : undefined;
    },
  };
}
