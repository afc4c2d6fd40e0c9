import { describe, expect, it } from 'vitest';
import { teamsFromGroups } from './idp-groups';

describe('team memberships read from the groups claim', () => {
  it('takes the groups under the prefix: a team as member, a team/role as that role', () => {
    const teams = teamsFromGroups(['/teams/Acme/billing', '/other', '/teams/Globex', '/teamsX/Nope', 'teams/NoSlash'], '/teams/');
    expect([...teams]).toEqual([
      ['Acme', 'billing'],
      ['Globex', 'member'],
    ]);
  });

  it('never gives ownership, and ignores deeper paths and names a team cannot have', () => {
    expect([...teamsFromGroups(['/teams/Acme/owner', '/teams/Acme/admin/extra', '/teams/', '/teams/a@b', `/teams/${'x'.repeat(81)}`, '/teams/ Padded'], '/teams/')]).toEqual([]);
  });

  it('several groups of one team: admin before member before billing', () => {
    expect(teamsFromGroups(['/teams/Acme/billing', '/teams/Acme', '/teams/Acme/admin'], '/teams/').get('Acme')).toBe('admin');
    expect(teamsFromGroups(['/teams/Acme/billing', '/teams/Acme'], '/teams/').get('Acme')).toBe('member');
  });
});
