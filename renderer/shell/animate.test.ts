import { describe, expect, it } from 'vitest';
import { animatedValue, balanceAnimationMs, easeOutCubic } from './animate';

describe('easeOutCubic', () => {
  it.each([
    [-1, 0],
    [0, 0],
    [0.5, 0.875],
    [1, 1],
    [2, 1],
  ])('eases %d to %d', (t, expected) => {
    expect(easeOutCubic(t)).toBeCloseTo(expected, 10);
  });

  it('only ever rises', () => {
    let last = -Infinity;
    for (let t = 0; t <= 1; t += 0.01) {
      expect(easeOutCubic(t)).toBeGreaterThanOrEqual(last);
      last = easeOutCubic(t);
    }
  });
});

describe('animatedValue', () => {
  it('takes 500 ms, per the spec', () => {
    expect(balanceAnimationMs).toBe(500);
  });

  it.each([
    // from, to, elapsed, shown
    [400, 5400, 0, 400],
    [400, 5400, 250, 4775],
    [400, 5400, 499, 5400],
    [400, 5400, 500, 5400],
    [400, 5400, 10_000, 5400],
    [5400, 5390, 250, 5391],
    [100, 100, 100, 100],
    [0, -250, 250, -219],
  ])('from %d to %d after %d ms shows %d', (from, to, elapsed, shown) => {
    expect(animatedValue(from, to, elapsed)).toBe(shown);
  });

  it('shows whole cents between the ends, and never overshoots', () => {
    for (let ms = 0; ms <= 500; ms += 7) {
      const v = animatedValue(400, 5400, ms);
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(400);
      expect(v).toBeLessThanOrEqual(5400);
    }
  });

  it('jumps straight to the value with no duration', () => {
    expect(animatedValue(1, 2, 0, 0)).toBe(2);
  });
});
