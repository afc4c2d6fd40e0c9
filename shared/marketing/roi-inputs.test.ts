import { describe, expect, it } from 'vitest';
import { quickDefaults, quickRoi, readQuickInputs, readRoiInputs, roiDefaultRaw, roiDefaults, roiNumberFields } from './roi-inputs';

describe('ROI calculator inputs', () => {
  it('has the ids, ranges and defaults of public-site section 3', () => {
    expect(roiNumberFields.map((f) => [f.id, f.min, f.max, f.default])).toEqual([
      ['roiWorkers', 10, 10_000, 500],
      ['roiAvgCost', 50_000, 500_000, 150_000],
      ['roiAutomatableHours', 5, 30, 15],
      ['roiEfficiency', 1.1, 5, 1.5],
      ['roiDealValue', 10_000, 10_000_000, 100_000],
      ['roiProjectsPerYear', 1, 1000, 50],
      ['roiDowntimeCost', 1000, 1_000_000, 50_000],
      ['roiIncidents', 0, 50, 5],
      ['roiDevMonths', 1, 6, 3],
      ['roiMaxAdoption', 50, 100, 90],
    ]);
    expect(roiDefaults).toMatchObject({ adoptionSpeed: 'medium', workers: 500, avgCost: 150_000, efficiency: 1.5, maxAdoption: 90 });
  });

  it('reads the untouched form as the defaults', () => {
    expect(readRoiInputs(roiDefaultRaw())).toEqual(roiDefaults);
    expect(readRoiInputs({})).toEqual(roiDefaults);
  });

  it.each([
    ['roiWorkers', '', 'workers', 500],
    ['roiWorkers', 'many', 'workers', 500],
    ['roiWorkers', '  ', 'workers', 500],
    ['roiWorkers', '2500', 'workers', 2500],
    ['roiWorkers', '3', 'workers', 10],
    ['roiWorkers', '99999', 'workers', 10_000],
    ['roiAvgCost', '1e9', 'avgCost', 500_000],
    ['roiIncidents', '0', 'incidents', 0],
    ['roiIncidents', '-2', 'incidents', 0],
    ['roiMaxAdoption', '40', 'maxAdoption', 50],
    ['roiDevMonths', 'x', 'devMonths', 3],
    ['roiEfficiency', '2', 'efficiency', 2],
    ['roiEfficiency', '2.4', 'efficiency', 2],
    ['roiEfficiency', '9', 'efficiency', 5],
    ['roiEfficiency', 'abc', 'efficiency', 1.5],
  ] as const)('%s = %j reads as %s %d', (id, raw, key, value) => {
    expect(readRoiInputs({ [id]: raw })[key]).toBe(value);
  });

  it.each([
    ['healthcare', 'healthcare'],
    ['retail', 'enterprise'],
    ['', 'financial'],
  ])('industry %j reads as %s', (raw, industry) => {
    expect(readRoiInputs({ roiIndustry: raw }).industry).toBe(industry);
  });

  it.each([
    ['fast', 'fast'],
    ['slow', 'slow'],
    ['warp', 'medium'],
  ])('adoption speed %j reads as %s', (raw, speed) => {
    expect(readRoiInputs({ roiAdoptionSpeed: raw }).adoptionSpeed).toBe(speed);
  });
});

describe('quick calculator', () => {
  it('values 4 hours a week for 48 weeks per worker: 50 workers at $100 and 2x is $1,920,000', () => {
    expect(quickDefaults).toEqual({ workers: 50, rate: 100, efficiency: 2 });
    expect(quickRoi(quickDefaults)).toEqual({ hoursSaved: 9600, value: 1_920_000 });
    expect(quickRoi({ workers: 10, rate: 80, efficiency: 1.5 })).toEqual({ hoursSaved: 1920, value: 230_400 });
  });

  it('falls back to the defaults for blank or unreadable values', () => {
    expect(readQuickInputs({ workers: '', rate: 'abc', efficiency: '-1' })).toEqual(quickDefaults);
    expect(readQuickInputs({ workers: '20', rate: '60', efficiency: '3' })).toEqual({ workers: 20, rate: 60, efficiency: 3 });
  });
});
