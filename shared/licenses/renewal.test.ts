import { describe, expect, it } from 'vitest';
import { quoteEnterprise } from './pricing';
import { daysUntilExpiry, renewalOffer, renewalTerms, renewRefusal, type RenewableLicence } from './renewal';

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
    expect(renewRefusal(licence({ type: 'trial' }), now)).toBe('An Enterprise Trial cannot be renewed: create an Enterprise Pro license to continue');
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

  it('renews a Community Edition year free of charge, on the same window', () => {
    const community = licence({ type: 'community', usersLimit: null, gpusLimit: null });
    expect(renewRefusal(community, now)).toBeUndefined();
    expect(renewRefusal({ ...community, expiresAt: new Date(now.getTime() + 45 * day) }, now)).toContain('from 30 days before it expires');
    expect(renewalOffer(community, now)).toEqual({ amount_cents: 0, until: new Date(now.getTime() + 20 * day + 365 * day).toISOString() });
  });
});

describe('Expires in N days', () => {
  it('counts whole days from 60 days before the end, for any licence with one', () => {
    expect(daysUntilExpiry(new Date(now.getTime() + 61 * day), now)).toBeUndefined();
    expect(daysUntilExpiry(new Date(now.getTime() + 60 * day), now)).toBe(60);
    expect(daysUntilExpiry(new Date(now.getTime() + 45.5 * day), now)).toBe(45);
    expect(daysUntilExpiry(new Date(now.getTime() + 3 * 3600_000), now)).toBe(0);
    expect(daysUntilExpiry(new Date(now.getTime() - 1), now)).toBeUndefined();
    expect(daysUntilExpiry(null, now)).toBeUndefined();
  });
});
