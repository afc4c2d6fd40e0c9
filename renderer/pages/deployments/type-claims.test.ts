import { describe, expect, it } from 'vitest';
import { defaultBrand } from '../../../shared/brand';
import { deploymentCatalog, trialVmTypeId } from '../../../shared/deployments/catalog';
import { claimsIn } from './type-claims';

describe('a type card’s claims', () => {
  const trial = deploymentCatalog(defaultBrand).find((t) => t.id === trialVmTypeId)?.features ?? [];

  it('promise the free credit in the personal account', () => {
    expect(claimsIn(trial, false)).toEqual(['$4 free credit', 'Docker control plane', 'External LLM provider', 'Starts in seconds']);
  });

  it('promise none in a team, which gets none', () => {
    expect(claimsIn(trial, true)).toEqual(['Docker control plane', 'External LLM provider', 'Starts in seconds']);
  });
});
