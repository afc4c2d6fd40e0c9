import { describe, expect, it } from 'vitest';
import { billable, centsOf, optionLabel } from './accounts';

describe('moving credit: accounts and amounts', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['$0.07', 7],
    [' 3.10 ', 310],
    ['0', undefined],
    ['1.234', undefined],
    ['-5', undefined],
    ['abc', undefined],
    ['', undefined],
  ])('%j is %s cents', (text, cents) => expect(centsOf(text)).toBe(cents));

  it('offers the personal account and teams where the role has billing, and names them as a person reads them', () => {
    const accounts = [
      { id: 'me', kind: 'personal', name: 'me@example.test', role: 'owner' },
      { id: 'a', kind: 'team', name: 'Acme', role: 'billing' },
      { id: 'b', kind: 'team', name: 'Beta', role: 'member' },
      { id: 'c', kind: 'team', name: 'Gamma', role: 'admin' },
    ] as const;
    expect(billable(accounts).map(optionLabel)).toEqual(['Your personal account', 'Acme (team)', 'Gamma (team)']);
  });
});
