import type { Clock } from '../../server/clock';

/** A clock tests move by hand: starts at real time, `advance` jumps forward. */
export function manualClock(start = new Date()): Clock & { advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(start.getTime() + offset + (Date.now() - start.getTime())),
    advance: (ms) => void (offset += ms),
  };
}

/**
 * A clock that stands still until `advance` moves it: for tests that count requests into a rate
 * limit's window. The windows are aligned on the clock's minutes, so with a running clock a slow
 * run (or one that starts at :59) sees the window roll over in the middle of the count.
 */
export function frozenClock(start = new Date()): Clock & { advance(ms: number): void } {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance: (ms) => void (at += ms),
  };
}

export async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs = 20_000, everyMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
