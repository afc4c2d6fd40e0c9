import { describe, expect, it } from 'vitest';
import { parseLimit, usedPercent } from './spend-limit-form';

describe('the spend-limit form', () => {
  it.each([
    ['50', { cents: 5000 }],
    [' 12.345 ', { cents: 1234 }],
    ['0.10', { cents: 10 }],
    ['-3', { error: 'Please enter the limit in dollars, e.g. 50' }],
    ['abc', { error: 'Please enter the limit in dollars, e.g. 50' }],
    ['20000000', { error: 'The limit can be at most $10,000,000.00' }],
  ])('reads %j as %j', (input, expected) => {
    expect(parseLimit(input)).toEqual(expected);
  });

  it.each([
    [0, 1000, 0],
    [799, 1000, 79],
    [1000, 1000, 100],
    [1500, 1000, 100],
  ])('%i of %i is %i%%', (spent, limit, expected) => {
    expect(usedPercent(spent, limit)).toBe(expected);
  });
});
