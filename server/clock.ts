/** Injected wherever time matters (expiry, countdowns, metering) so tests move time without sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
