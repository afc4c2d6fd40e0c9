import { describe, expect, it } from 'vitest';
import { paperOf, taxIdProblem, taxOf } from './tax';
import { documentNumber } from './vocabulary';

describe('billing document rules', () => {
  it('numbers each kind by year with six digits at least', () => {
    expect(documentNumber('invoice', 2026, 123)).toBe('INV-2026-000123');
    expect(documentNumber('receipt', 2026, 1)).toBe('RCT-2026-000001');
    expect(documentNumber('credit_note', 2027, 1_234_567)).toBe('CN-2027-1234567');
  });

  it('accepts an EU VAT number in its country format and names what is wrong with others', () => {
    expect(taxIdProblem('DE123456789', 'DE')).toBeUndefined();
    expect(taxIdProblem('de 123.456.789', 'DE')).toBeUndefined();
    expect(taxIdProblem('NL123456789B01', 'NL')).toBeUndefined();
    expect(taxIdProblem('EL123456789', 'GR')).toBeUndefined();
    expect(taxIdProblem('DE12345678', 'DE')).toBe('is not in the format of a DE VAT number');
    expect(taxIdProblem('FR12345678901', 'DE')).toBe('must be a VAT number of DE, starting DE');
    expect(taxIdProblem('12-3456789', 'US')).toBeUndefined();
    expect(taxIdProblem('??', 'US')).toBe('must be 3 to 30 letters and digits');
  });

  it('takes the tax out of the amount charged, none by default, and reverse-charges an EU business in another member state', () => {
    const de = { ratePercent: 19, operatorCountry: 'DE' };
    expect(taxOf(11_900, de, { country: 'DE', taxId: 'DE123456789' })).toEqual({ taxCents: 1900, ratePercent: 19, reverseCharge: false });
    expect(taxOf(11_900, de, { country: 'FR', taxId: null })).toEqual({ taxCents: 1900, ratePercent: 19, reverseCharge: false });
    expect(taxOf(11_900, de, { country: 'FR', taxId: 'FR12345678901' })).toEqual({ taxCents: 0, ratePercent: 0, reverseCharge: true });
    expect(taxOf(11_900, de, { country: 'US', taxId: '123456789' })).toEqual({ taxCents: 1900, ratePercent: 19, reverseCharge: false });
    expect(taxOf(11_900, { ratePercent: 0, operatorCountry: 'US' }, { country: 'FR', taxId: 'FR12345678901' })).toEqual({ taxCents: 0, ratePercent: 0, reverseCharge: false });
  });

  it('prints on Letter paper in North America and A4 elsewhere unless configured', () => {
    expect(paperOf('auto', 'US')).toBe('Letter');
    expect(paperOf('auto', 'DE')).toBe('A4');
    expect(paperOf('auto', null)).toBe('A4');
    expect(paperOf('Letter', 'DE')).toBe('Letter');
  });
});
