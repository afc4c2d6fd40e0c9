import { describe, expect, it } from 'vitest';
import { quoteEnterprise } from './pricing';
import { renewalOffer, renewalTerms, renewRefusal, type RenewableLicence } from './renewal';

const day = 86_400_000;
const now = new Date('2026-11-26T12:00:00Z');
const licence = (o: Partial<RenewableLicence> = {}): RenewableLicence => ({
  type: 'enterprise',
  status: 'active',
  perpetual: false,
  expiresAt: new Date(now.getTime() + 20 * day),
  usersLimit: 20,
  gpusLimit: 1,
  supportLevel: 'none',
  durationWeeks: null,
  renewedBy: null,
  ...o,
});

describe('Renew', () => {
  it('opens 30 days before the end and stays open after it', () => {
    expect(renewRefusal(licence({ expiresAt: new Date(now.getTime() + 31 * day) }), now)).toBe('This license can be renewed from 30 days before it expires, from Nov 27, 2026');
    expect(renewRefusal(licence({ expiresAt: new Date(now.getTime() + 30 * day) }), now)).toBeUndefined();
    expect(renewRefusal(licence({ expiresAt: new Date(now.getTime() - 90 * day) }), now)).toBeUndefined();
  });

  it('names why a licence cannot be renewed', () => {
    expect(renewRefusal(licence({ type: 'trial' }), now)).toBe('Only Enterprise Pro licenses can be renewed');
    expect(renewRefusal(licence({ status: 'revoked' }), now)).toBe('This license was revoked and cannot be renewed');
    expect(renewRefusal(licence({ renewedBy: 'lic_x' }), now)).toBe('This license was renewed already: the new license is lic_x');
    expect(renewRefusal(licence({ perpetual: true, expiresAt: null }), now)).toBe('This license does not expire');
    expect(renewRefusal(licence({ usersLimit: null }), now)).toContain('no user limit');
  });

  it("charges a year's list price for a year, and a bought period's share of it", () => {
    const year = quoteEnterprise({ users: 20, gpus: 1, support: 'none' }).annualCents;
    expect(renewalTerms(licence()).amountCents).toBe(year);
    expect(renewalTerms(licence({ durationWeeks: 26 })).amountCents).toBe(year / 2);
    expect(renewalOffer(licence({ durationWeeks: 4 }), now)?.until).toBe(new Date(now.getTime() + 48 * day).toISOString());
  });
});
