import { describe, expect, it } from 'vitest';
import { wireReference } from '../../shared/licenses/pricing';
import { newLicenseId } from './service';

describe('license ids and their wire reference', () => {
  it('are read unambiguously: Crockford base32, no O, I, L or U in 2,000 references', () => {
    const refs = Array.from({ length: 2000 }, () => wireReference(newLicenseId()));
    for (const ref of refs) expect(ref).toMatch(/^[0-9A-HJKMNP-TV-Z]{7}$/);
    expect(refs.join('')).not.toMatch(/[OILU]/);
    // every symbol of the alphabet turns up: the ids stay as random as before
    expect(new Set(refs.join('')).size).toBe(32);
  });
});
