import { describe, expect, it } from 'vitest';
import { landingOf } from './use-role';

describe('where a role lands in a team', () => {
  it('a role that deploys on Hosted Deployments, billing on Balance (from the rule table)', () => {
    expect(landingOf('owner')).toBe('/deployments');
    expect(landingOf('member')).toBe('/deployments');
    expect(landingOf('billing')).toBe('/balance');
  });
});
