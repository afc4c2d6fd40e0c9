import { describe, expect, it } from 'vitest';
import { agentTypes, applyDetection, chooseIndustry, industryForDemo, industryTabFor, initialIndustry } from './industry';

describe('industryTabFor', () => {
  it.each([
    ['finance', 'financial'],
    ['healthcare', 'healthcare'],
    ['other', 'regulated'],
    ['retail', undefined],
    ['', undefined],
    ['Finance', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%s → %s', (match, tab) => {
    expect(industryTabFor(match)).toBe(tab);
  });
});

describe('company detection and the industry tabs', () => {
  it('switches to the detected industry before the visitor chooses', () => {
    expect(applyDetection(initialIndustry, 'healthcare')).toEqual({ state: { tab: 'healthcare', chosenByVisitor: false }, switched: true });
  });

  it('leaves the tabs alone without a match', () => {
    expect(applyDetection(initialIndustry, null)).toEqual({ state: initialIndustry, switched: false });
    expect(applyDetection(initialIndustry, 'retail').switched).toBe(false);
  });

  it("never overrides the visitor's own choice", () => {
    const chosen = chooseIndustry('regulated');
    expect(applyDetection(chosen, 'finance')).toEqual({ state: chosen, switched: false });
  });
});

describe('agent demo shortcuts', () => {
  it.each([
    ['vision', 'healthcare'],
    ['research', 'financial'],
    ['support', 'financial'],
    ['coding', 'financial'],
    ['clinical', undefined],
    ['engineering', undefined],
  ] as const)('%s selects %s', (agent, tab) => {
    expect(industryForDemo(agent)).toBe(tab);
  });

  it('knows the nine agent types', () => {
    expect(agentTypes).toHaveLength(9);
  });
});
