import { describe, expect, it } from 'vitest';
import { invitationStatusText } from './status-text';

describe('an invitation’s state on its page', () => {
  const invitation = { email: 'Ana@Example.test', expires_at: '2026-12-04T10:00:00.000Z' };

  it('speaks to the invited person as “you”, whatever the case of their address', () => {
    expect(invitationStatusText({ ...invitation, status: 'pending' }, 'ana@example.test')).toBe('Waiting for you to accept');
    expect(invitationStatusText({ ...invitation, status: 'declined' }, 'ana@example.test')).toBe('You declined it: ask the team for a new invitation');
  });

  it('tells anyone else whose it is, never that it waits for them', () => {
    expect(invitationStatusText({ ...invitation, status: 'pending' }, 'bo@example.test')).toBe('Waiting for Ana@Example.test to accept');
    expect(invitationStatusText({ ...invitation, status: 'declined' }, 'bo@example.test')).toBe('Declined by Ana@Example.test');
  });

  it('says the same to everyone once it is over', () => {
    for (const who of ['ana@example.test', 'bo@example.test']) {
      expect(invitationStatusText({ ...invitation, status: 'accepted' }, who)).toBe('Already accepted');
      expect(invitationStatusText({ ...invitation, status: 'revoked' }, who)).toBe('Revoked by the team');
      expect(invitationStatusText({ ...invitation, status: 'expired' }, who)).toMatch(/^Expired on .*2026: ask for a new invitation$/);
    }
  });
});
