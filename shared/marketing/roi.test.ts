import { describe, expect, it } from 'vitest';
import { adoptionAt, annualInvestment, calculateRoi, formatPayback, hourlyRate, multipliersOf, paybackOf, riskValue, timeSavedPerWorker, type RoiMonth } from './roi';
import { roiDefaults, type RoiInputs } from './roi-inputs';

const defaults: RoiInputs = roiDefaults;

describe('ROI rules of public-site section 9', () => {
  it('hourly rate is annual cost over 48 weeks of 40 hours ($78.13 for $150,000)', () => {
    expect(hourlyRate(150_000)).toBe(78.125);
    expect(hourlyRate(150_000).toFixed(2)).toBe('78.13');
    expect(hourlyRate(192_000)).toBe(100);
  });

  it.each([
    [15, 1.5, 5],
    [15, 2, 7.5],
    [30, 5, 24],
    [10, 1.1, 10 * (1 - 1 / 1.1)],
  ])('%i automatable hours at %dx efficiency frees %d hours a week', (hours, efficiency, saved) => {
    expect(timeSavedPerWorker(hours, efficiency)).toBeCloseTo(saved, 10);
  });

  it.each([
    ['financial', 1.2, 1.3, 1.5, 0.15, 3],
    ['healthcare', 1.1, 1, 2, 0.18, 6],
    ['enterprise', 1, 1, 1, 0.12, 4],
    ['manufacturing', 1, 1, 1, 0.12, 4],
    ['', 1, 1, 1, 0.12, 4],
  ])('%s multipliers: capacity %d, project %d, risk %d, quality %d, %i project weeks', (industry, capacity, project, risk, quality, avgProjectWeeks) => {
    expect(multipliersOf(industry)).toEqual({ capacity, project, risk, quality, avgProjectWeeks });
  });

  it.each([
    ['financial', 5, 50_000, 5 * 12 * 1 * 0.7 * 50_000 * 1.5 * 0.25],
    ['healthcare', 5, 50_000, 5 * 12 * 0.5 * 0.7 * 50_000 * 2 * 0.25],
    ['enterprise', 5, 50_000, 525_000],
    ['enterprise', 0, 50_000, 0],
  ] as const)('risk value for %s, %i incidents at $%i', (industry, incidents, downtimeCost, value) => {
    expect(riskValue({ industry, incidents, downtimeCost })).toBeCloseTo(value, 6);
  });

  it.each([
    [10, 132_000],
    [99, 238_800],
    [100, 312_000],
    [101, 313_000],
    [500, 712_000],
    [10_000, 10_212_000],
  ])('annual investment for %i workers is $%i', (workers, investment) => {
    expect(annualInvestment(workers)).toBe(investment);
  });

  it.each([
    ['slow', [5, 10, 15, 25, 35, 45, 55, 65, 75, 85, 90, 95]],
    ['medium', [10, 25, 40, 55, 70, 80, 85, 90, 95]],
    ['fast', [20, 40, 60, 75, 85, 95]],
  ] as const)('the %s ramp starts after the build months and holds its last step', (speed, ramp) => {
    const months = Array.from({ length: 24 }, (_, k) => adoptionAt(k + 1, 2, speed, 100));
    expect(months.slice(0, 2)).toEqual([0, 0]);
    expect(months.slice(2, 2 + ramp.length)).toEqual(ramp);
    expect(new Set(months.slice(2 + ramp.length))).toEqual(new Set(months.slice(2 + ramp.length).length ? [95] : []));
  });

  it('caps adoption at the maximum', () => {
    expect(Array.from({ length: 14 }, (_, k) => adoptionAt(k + 1, 3, 'medium', 90))).toEqual([0, 0, 0, 10, 25, 40, 55, 70, 80, 85, 90, 90, 90, 90]);
    expect(adoptionAt(24, 1, 'fast', 50)).toBe(50);
  });
});

describe('ROI result at the default inputs (financial, 500 workers)', () => {
  const r = calculateRoi(defaults);
  const monthlyFull = 14_653_571.428571 / 12;

  it.each([
    ['hourlyRate', 78.125],
    ['timeSavedPerWorker', 5],
    ['annualHoursSaved', 120_000],
    // 120,000 h × $78.125 × 1.2
    ['capacityGain', 11_250_000],
    // 120,000 h / 1,920 h a year
    ['equivalentHires', 62.5],
    ['cycleReduction', 0.125],
    ['weeksSavedPerProject', 0.375],
    // 50 × (0.125 / 0.875) × 1.3
    ['additionalProjects', 9.285714],
    ['revenueAcceleration', 928_571.43],
    ['riskReduction', 787_500],
    ['qualityValue', 1_687_500],
    ['fullPotentialValue', 14_653_571.43],
    ['totalAnnualValue', 13_188_214.29],
    ['investment', 712_000],
  ] as const)('%s is %d', (key, value) => {
    expect(r[key]).toBeCloseTo(value, 1);
  });

  it('builds 24 monthly rows: nothing in the build months, value by adoption, licence billed in months 1 and 13', () => {
    expect(r.months).toHaveLength(24);
    expect(r.months.map((m) => m.adoption)).toEqual([0, 0, 0, 10, 25, 40, 55, 70, 80, 85, 90, 90, ...Array<number>(12).fill(90)]);
    expect(r.months[0]).toEqual({ month: 1, adoption: 0, value: 0, cumulativeValue: 0, cost: 712_000, cumulativeCost: 712_000, net: -712_000 });
    expect(r.months[3]?.value).toBeCloseTo(monthlyFull * 0.1, 2);
    expect(r.months[12]?.cost).toBe(712_000);
    expect(r.months[23]?.cumulativeCost).toBe(1_424_000);
    for (const m of r.months) expect(m.net).toBeCloseTo(m.cumulativeValue - m.cumulativeCost, 6);
  });

  it('pays back in month 6 and states the yearly ROI against the investment', () => {
    expect(r.payback).toEqual({ months: 6, withinFirstYear: true });
    expect(formatPayback(r.payback)).toBe('Month 6');
    expect(r.firstYearValue).toBeCloseTo(monthlyFull * 5.45, 2);
    expect(r.firstYearRoi).toBeCloseTo(((monthlyFull * 5.45 - 712_000) / 712_000) * 100, 6);
    expect(r.secondYearValue).toBeCloseTo(monthlyFull * 0.9 * 12, 2);
    expect(r.secondYearRoi).toBeCloseTo(((monthlyFull * 0.9 * 12 - 712_000) / 712_000) * 100, 6);
  });

  it('lists insights with the incident-resolution claim', () => {
    expect(r.insights).toContain('70 percent faster incident resolution avoids about $787,500 of downtime cost a year.');
    expect(r.insights).toContain('The investment pays for itself in month 6, 3 months after go-live.');
    expect(r.insights.some((s) => s.includes('patient documentation'))).toBe(false);
  });
});

describe('ROI in other situations', () => {
  it('mentions faster patient documentation for healthcare', () => {
    const r = calculateRoi({ ...defaults, industry: 'healthcare' });
    expect(r.insights).toContain('95 percent faster patient documentation gives clinicians their time back for patients.');
    expect(r.riskReduction).toBe(525_000);
  });

  it('scales the total by maximum adoption', () => {
    const full = calculateRoi({ ...defaults, maxAdoption: 100 });
    const half = calculateRoi({ ...defaults, maxAdoption: 50 });
    expect(half.totalAnnualValue).toBeCloseTo(full.totalAnnualValue / 2, 6);
    expect(half.fullPotentialValue).toBeCloseTo(full.fullPotentialValue, 6);
  });

  it('extends payback past the first year by the remaining cost over the full-adoption monthly value', () => {
    const i: RoiInputs = {
      ...defaults,
      workers: 10,
      avgCost: 50_000,
      automatableHours: 5,
      efficiency: 1.1,
      projectsPerYear: 1,
      dealValue: 10_000,
      incidents: 0,
      devMonths: 6,
      adoptionSpeed: 'slow',
      maxAdoption: 50,
    };
    const r = calculateRoi(i);
    expect(r.payback?.withinFirstYear).toBe(false);
    const m12 = r.months[11];
    if (!m12) throw new Error('no month 12');
    expect(m12.cumulativeValue).toBeLessThan(m12.cumulativeCost);
    expect(r.payback?.months).toBeCloseTo(12 + (m12.cumulativeCost - m12.cumulativeValue) / (r.totalAnnualValue / 12), 6);
    expect(formatPayback(r.payback)).toMatch(/^\d+\.\d months$/);
  });

  it('never pays back when there is no value', () => {
    const months: RoiMonth[] = Array.from({ length: 12 }, (_, k) => ({ month: k + 1, adoption: 0, value: 0, cumulativeValue: 0, cost: k === 0 ? 100 : 0, cumulativeCost: 100, net: -100 }));
    expect(paybackOf(months, 0)).toBeUndefined();
    expect(formatPayback(undefined)).toBe('Not reached');
  });
});
