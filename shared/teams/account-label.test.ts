import { describe, expect, it } from 'vitest';
import { accountLabel } from './account-label';

describe('the account a payment names', () => {
  it('a team by its name, the person’s own as their personal account', () => {
    expect(accountLabel({ kind: 'team', name: 'Acme' })).toBe('Acme (team)');
    expect(accountLabel({ kind: 'personal', name: 'ann@example.test' })).toBe('your personal account');
    expect(accountLabel(undefined)).toBe('your personal account');
  });
});
