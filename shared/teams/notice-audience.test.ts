import { describe, expect, it } from 'vitest';
import { notificationKinds } from '../api/notifications';
import { teamRoles } from './roles';
import { audienceOf } from './notice-audience';

describe('who in a team is mailed which notice', () => {
  const table = Object.fromEntries(notificationKinds.map((k) => [k, teamRoles.filter(audienceOf(k))]));
  it.each([
    ['payment_received', ['owner', 'admin', 'billing']],
    ['low_balance', ['owner', 'admin', 'billing']],
    ['licence_expiring', ['owner', 'admin', 'billing']],
    ['topup_received', ['owner', 'admin', 'billing']],
    ['spend_limit', ['owner', 'admin', 'billing']],
    ['deployment_ready', ['owner', 'admin']],
    ['deployment_terminated', ['owner', 'admin']],
    ['team_member_joined', ['owner', 'admin']],
    ['deployment_deleted', ['owner', 'admin']],
    ['deployment_timeout', ['owner', 'admin']],
    ['api_key_created', ['owner', 'admin']],
  ])('%s reaches %j', (kind, roles) => expect(table[kind]).toEqual(roles));

  it('no member is mailed a payment unless their role pays, and every kind reaches the owner', () => {
    for (const kind of notificationKinds) expect(table[kind]).toContain('owner');
    expect(Object.entries(table).filter(([k, r]) => r.includes('member') && k !== 'team_membership_ended')).toEqual([]);
  });
});
