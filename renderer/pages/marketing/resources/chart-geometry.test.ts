import { describe, expect, it } from 'vitest';
import { calculateRoi } from '../../../../shared/marketing/roi';
import { roiDefaults } from '../../../../shared/marketing/roi-inputs';
import { type ChartBox, chartGeometry, niceCeiling } from './chart-geometry';

const box: ChartBox = { width: 240, height: 120, left: 0, right: 0, top: 0, bottom: 0 };

describe('ROI chart geometry', () => {
  it.each([
    [0, 1],
    [7, 10],
    [1_424_000, 2_000_000],
    [2_100_000, 2_500_000],
    [2_600_000, 5_000_000],
    [30_000_000, 50_000_000],
  ])('rounds an axis top of %d up to %d', (max, top) => {
    expect(niceCeiling(max)).toBe(top);
  });

  it('draws the value line through every month and the cost as yearly steps', () => {
    const r = calculateRoi(roiDefaults);
    const g = chartGeometry(r.months, r.payback, box);
    expect(g.valuePath.split(' ')).toHaveLength(25);
    // billed in month 1 and month 13: two vertical jumps at x of months 0 and 12
    expect(g.costPath.startsWith('M0,120 L0,')).toBe(true);
    expect(g.costPath).toContain(`L120,`);
    expect(g.paybackX).toBe(60); // month 6 of 24 across 240 px
    expect(g.yTicks.map((t) => t.y)).toEqual([120, 90, 60, 30, 0]);
  });

  it('leaves the payback mark out when payback falls after the last month', () => {
    const r = calculateRoi(roiDefaults);
    expect(chartGeometry(r.months, { months: 30.5, withinFirstYear: false }, box).paybackX).toBeUndefined();
    expect(chartGeometry(r.months, undefined, box).paybackX).toBeUndefined();
  });
});
