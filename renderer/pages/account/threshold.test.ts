import { describe, expect, it } from 'vitest';
import { thresholdCents } from './threshold';

describe('thresholdCents', () => {
  it.each([
    ['2', 200],
    ['2.00', 200],
    ['$5.5', 550],
    [' 0 ', 0],
    ['0.07', 7],
    ['1000000', 100_000_000],
  ])('%s → %s cents', (input, cents) => expect(thresholdCents(input)).toBe(cents));
  it.each(['', 'abc', '-1', '1.234', '1e3', '1000000.01'])('refuses %j', (input) => expect(thresholdCents(input)).toBeNull());
});
