import { describe, expect, it } from 'vitest';
import { monthStart, spendLimitRefusal, thresholdReached, wouldExceed } from './spend-limit';

describe('spend limit', () => {
  it.each([
    [0, 1000, undefined],
    [799, 1000, undefined],
    [800, 1000, 80],
    [999, 1000, 80],
    [1000, 1000, 100],
    [1500, 1000, 100],
  ])('spent %i of %i reaches %s%%', (spent, limit, expected) => {
    expect(thresholdReached(spent, limit)).toBe(expected);
  });

  it.each([
    [900, 100, 1000, false],
    [901, 100, 1000, true],
    [5000, 100, null, false],
    [5000, 0, 1000, false],
  ])('spent %i + first hour %i against %s exceeds: %s', (spent, rate, limit, expected) => {
    expect(wouldExceed(spent, rate, limit)).toBe(expected);
  });

  it('counts from the first of the UTC month', () => {
    expect(monthStart(new Date('2026-11-28T23:59:00Z')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it('names every figure in the refusal', () => {
    expect(spendLimitRefusal(950, 100, 1000)).toBe(
      "This deployment would take this month's spend to $10.50, past your monthly spend limit of $10.00: $9.50 spent so far this month and its first hour costs $1.00. Raise or remove the limit on the Balance page to create it.",
    );
  });
});
