import { describe, expect, it } from 'vitest';
import { priceLicense } from '../../../../shared/marketing/license-calculator';
import { defaultDraft, formOf, isNegative, quoteSummary, settle } from './calculator-draft';

describe('licence calculator draft', () => {
  it('prices half-typed or unreadable counts at their minimum', () => {
    expect(formOf({ ...defaultDraft, numUsers: '', numGpus: 'x', hostedGpus: '-1' })).toEqual({ orgName: '', numUsers: 10, numGpus: 0, hostedGpus: 0, supportLevel: 'none' });
  });

  it('settles the typed text on leaving a field: users up to a pack of 10, counts whole', () => {
    expect(settle({ ...defaultDraft, numUsers: '95', numGpus: '2.7', hostedGpus: '' })).toMatchObject({ numUsers: '100', numGpus: '2', hostedGpus: '0' });
    expect(settle({ ...defaultDraft, numUsers: '3' }).numUsers).toBe('10');
  });

  it('tells a negative count from blank or half-typed text', () => {
    expect(['-3', '-0.5', ' -1 '].map(isNegative)).toEqual([true, true, true]);
    expect(['', '-', '0', '2', 'x'].map(isNegative)).toEqual([false, false, false, false, false]);
  });

  it('summarises the estimate for copying, with hosted GPUs only when there are some', () => {
    const text = quoteSummary('Helix', ' Acme ', priceLicense({ numUsers: 100, numGpus: 20, hostedGpus: 0, supportLevel: 'premium' }));
    expect(text.split('\n')).toEqual([
      'Helix enterprise license estimate for Acme',
      'Users: 100 (base license includes 10; 90 additional: $108,000)',
      'Managed GPUs: 20 ($72,000)',
      'Support: premium ($120,000)',
      'Total per year: $312,000',
    ]);
    expect(quoteSummary('Helix', '', priceLicense({ numUsers: 10, numGpus: 0, hostedGpus: 1, supportLevel: 'none' }))).toContain('Hosted GPUs: 1 ($43,800)');
  });
});
