import { describe, expect, it } from 'vitest';
import { adoptionAt, calculateRoi } from './roi';
import { rolloutText, roiAssumptions } from './roi-assumptions';
import { roiDefaults } from './roi-inputs';

describe('ROI assumptions', () => {
  it('writes the roll-out from the ramp the monthly table reads', () => {
    expect(rolloutText(roiDefaults)).toBe('Roll-out (medium): months 1–3 at 0%, month 4 10%, 5 25%, 6 40%, 7 55%, 8 70%, 9 80%, 10 85%, 11 and after 90%.');
    expect(rolloutText({ devMonths: 1, adoptionSpeed: 'fast', maxAdoption: 100 })).toBe('Roll-out (fast): month 1 at 0%, month 2 20%, 3 40%, 4 60%, 5 75%, 6 85%, 7 and after 95%.');
  });

  it('agrees with the monthly table for every speed, build time and cap', () => {
    for (const adoptionSpeed of ['slow', 'medium', 'fast'] as const)
      for (const devMonths of [1, 3, 6])
        for (const maxAdoption of [50, 90, 100]) {
          const inputs = { ...roiDefaults, adoptionSpeed, devMonths, maxAdoption };
          const table = calculateRoi(inputs).months;
          const text = rolloutText(inputs);
          // every month the text names reads as the table's adoption for that month
          for (const m of text.matchAll(/(\d+) (\d+)%/g)) expect(table[Number(m[1]) - 1]?.adoption, text).toBe(Number(m[2]));
          const after = text.match(/(\d+) and after (\d+)%/);
          for (let month = Number(after?.[1]); month <= 24; month++) expect(adoptionAt(month, devMonths, adoptionSpeed, maxAdoption)).toBe(Number(after?.[2]));
        }
  });

  it('says how many hours an equivalent hire is, and the hires insight follows from the hours shown', () => {
    expect(roiAssumptions(roiDefaults)[0]).toContain('an equivalent hire is 1,920 hours a year');
    const r = calculateRoi(roiDefaults);
    expect(r.insights[0]).toBe('120,000 hours a year handed back to your teams: the capacity of 62.5 full-time hires at 1,920 hours a year each.');
  });
});
