import type { Clock } from '../clock';

/** A clock tests move by hand: starts at real time, `advance` jumps forward. */
export function manualClock(start = new Date()): Clock & { advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(start.getTime() + offset + (Date.now() - start.getTime())),
    advance: (ms) => void (offset += ms),
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
