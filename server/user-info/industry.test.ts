import { describe, expect, it } from 'vitest';
import { industryMatchOf } from './industry';

describe('industryMatchOf', () => {
  it.each([
    [{ industry: 'Banking', sector: 'Financials' }, 'finance'],
    [{ industryGroup: 'Diversified Financial Services' }, 'finance'],
    [{ subIndustry: 'Insurance Brokers' }, 'finance'],
    [{ sector: 'Health Care', industry: 'Health Care Providers & Services' }, 'healthcare'],
    [{ industry: 'Pharmaceuticals' }, 'healthcare'],
    [{ industry: 'Managed Health Care', sector: 'Insurance' }, 'healthcare'],
    [{ industry: 'Internet Software & Services', sector: 'Information Technology' }, 'other'],
    [{ industry: '  ', sector: null }, null],
    [{}, null],
    [null, null],
    [undefined, null],
  ] as const)('%o → %s', (category, expected) => {
    expect(industryMatchOf(category)).toBe(expected);
  });
});
