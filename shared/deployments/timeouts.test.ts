import { describe, expect, it } from 'vitest';
import { countdownName, countdownText } from './timeouts';

const created = new Date('2026-11-26T10:00:00Z');
const at = (secondsAfter: number) => new Date(created.getTime() + secondsAfter * 1000);

describe('the countdown and its accessible name', () => {
  it.each([
    // timeout, seconds since create, what the button shows, what a screen reader is told
    [null, 10, 'Never expires', 'Auto-termination: never expires'],
    [60, 0, '1h 0m 0s remaining', 'Auto-termination: in 1 hour'],
    [60, 1, '59m 59s remaining', 'Auto-termination: in 1 hour'],
    [60, 61, '58m 59s remaining', 'Auto-termination: in 59 minutes'],
    [60, 3570, '30s remaining', 'Auto-termination: in less than a minute'],
    [60, 3600, 'Terminating...', 'Auto-termination: terminating'],
    [1440 + 125, 0, '1d 2h 5m 0s remaining', 'Auto-termination: in 1 day 2 hours 5 minutes'],
    [2880, 0, '2d 0h 0m 0s remaining', 'Auto-termination: in 2 days'],
  ])('timeout %s min, %s s in: "%s", named "%s"', (timeout, seconds, text, name) => {
    expect(countdownText(created, timeout, at(seconds))).toBe(text);
    expect(countdownName(created, timeout, at(seconds))).toBe(name);
  });

  it('names the button the same for every second of a minute', () => {
    const names = new Set(Array.from({ length: 60 }, (_, s) => countdownName(created, 60, at(60 + s))));
    expect(names.size).toBe(1);
  });
});
