import { describe, expect, it } from 'vitest';
import { niceMax, spendChart, type SpendDay } from './chart';

const month = (spend: (i: number) => number): SpendDay[] => Array.from({ length: 30 }, (_, i) => ({ date: new Date(Date.UTC(2026, 2, 1 + i)).toISOString().slice(0, 10), spend_cents: spend(i) }));

describe('niceMax', () => {
  it.each([
    [0, 10],
    [7, 10],
    [10, 10],
    [11, 20],
    [240, 500],
    [500, 500],
    [501, 1000],
    [12_001, 20_000],
  ])('%d cents → axis up to %d', (cents, max) => {
    expect(niceMax(cents)).toBe(max);
  });
});

describe('spendChart', () => {
  it('draws 30 bars inside the plot, the tallest reaching the top of the axis scale', () => {
    const c = spendChart(month((i) => (i === 29 ? 240 : i * 2)));
    expect(c.bars).toHaveLength(30);
    for (const b of c.bars) {
      expect(b.x).toBeGreaterThanOrEqual(c.plot.left);
      expect(b.x + b.width).toBeLessThanOrEqual(c.plot.right);
      expect(b.y + b.height).toBeCloseTo(c.plot.bottom);
    }
    const tallest = c.bars[29];
    expect(tallest?.height).toBeCloseTo(((c.plot.bottom - c.plot.top) * 240) / 500);
    expect(c.ticks.map((t) => t.label)).toEqual(['$0.00', '$2.50', '$5.00']);
    expect(tallest?.label).toBe('Mar 30: $2.40');
  });

  it('labels every seventh day ending with today, and summarises total and peak for screen readers', () => {
    const c = spendChart(month((i) => (i === 10 ? 500 : 10)));
    expect(c.dayLabels.map((l) => l.text)).toEqual(['Mar 2', 'Mar 9', 'Mar 16', 'Mar 23', 'Mar 30']);
    expect(c.totalCents).toBe(29 * 10 + 500);
    expect(c.summary).toBe('$7.90 spent from Mar 1 to Mar 30; the most on Mar 11, $5.00.');
  });

  it('keeps an idle month readable and clamps refund days at zero height', () => {
    expect(spendChart(month(() => 0)).summary).toBe('No spend from Mar 1 to Mar 30.');
    const c = spendChart(month((i) => (i === 0 ? -30 : 0)));
    expect(c.bars[0]?.height).toBe(0);
    expect(c.bars[0]?.label).toBe('Mar 1: -$0.30');
  });
});
