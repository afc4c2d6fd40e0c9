import { describe, expect, it } from 'vitest';
import { formatDuration, isRunningLow, runtimeLeftText } from './runtime-left';

describe('runtimeLeftText', () => {
  it.each([
    [null, 0, 'No running paid deployments'],
    [120, 0, 'No running paid deployments'],
    [4560, 10, 'About 3 days 4 hours at $0.10/hr'],
    [2400, 10, 'About 1 day 16 hours at $0.10/hr'],
    [1440, 10, 'About 1 day at $0.10/hr'],
    [59, 510, 'About 59 minutes at $5.10/hr'],
    [61, 500, 'About 1 hour 1 minute at $5.00/hr'],
    [120, 500, 'About 2 hours at $5.00/hr'],
    [0, 10, 'Less than a minute left at $0.10/hr'],
  ])('%s minutes at %d cents/hr reads "%s"', (minutes, burn, text) => {
    expect(runtimeLeftText(minutes, burn)).toBe(text);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 minutes'],
    [1, '1 minute'],
    [90.9, '1 hour 30 minutes'],
    [10_080, '7 days'],
  ])('%d minutes → %s', (m, text) => {
    expect(formatDuration(m)).toBe(text);
  });
});

describe('isRunningLow', () => {
  it.each([
    [null, 400, false],
    [null, 0, true],
    [59, 100, true],
    [60, 100, false],
  ])('runtime %s, balance %d → %s', (m, b, low) => {
    expect(isRunningLow(m, b)).toBe(low);
  });
});
