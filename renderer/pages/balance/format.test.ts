import { describe, expect, it } from 'vitest';
import { formatChartDay as formatDay } from '../../../shared/format/dates';
import { checkoutOutcome, signedCents } from './format';

describe('balance page formatting', () => {
  it.each([
    [5000, '+$50.00'],
    [-10, '-$0.10'],
    [0, '$0.00'],
    [123456, '+$1,234.56'],
  ])('shows %d cents as %s', (cents, text) => {
    expect(signedCents(cents)).toBe(text);
  });

  it('names UTC days', () => {
    expect(formatDay('2026-01-31')).toBe('Jan 31');
    expect(formatDay('not a date')).toBe('not a date');
  });

  it.each([
    ['success', 'success'],
    ['cancelled', 'cancelled'],
    ['paid', undefined],
    [undefined, undefined],
  ])('reads ?checkout=%s as %s', (value, outcome) => {
    expect(checkoutOutcome(value)).toBe(outcome);
  });
});
