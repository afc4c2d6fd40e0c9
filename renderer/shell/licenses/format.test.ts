import { describe, expect, it } from 'vitest';
import { expiresSoonLabel, expiryLabel, formatDollars, limitLabel, statusLabel, statusTone, supportLabel, userExpiryLabel } from './format';

describe('license display', () => {
  it.each([
    [{ status: 'pending', payment_status: 'pending' }, 'PAYMENT PENDING', 'warn'],
    [{ status: 'active', payment_status: 'pending' }, 'PAYMENT PENDING', 'warn'],
    [{ status: 'active', payment_status: 'paid' }, 'ACTIVE', 'ok'],
    [{ status: 'active', payment_status: 'none' }, 'ACTIVE', 'ok'],
    [{ status: 'expired', payment_status: 'none' }, 'EXPIRED', 'danger'],
    [{ status: 'revoked', payment_status: 'paid' }, 'REVOKED', 'danger'],
  ])('%j reads %s (%s)', (l, label, tone) => {
    expect(statusLabel(l)).toBe(label);
    expect(statusTone(l)).toBe(tone);
  });

  it('says Never for a license without expiry', () => {
    expect(expiryLabel(null)).toBe('Never');
    expect(expiryLabel(undefined)).toBe('Never');
    expect(expiryLabel('')).toBe('Never');
    expect(expiryLabel('2030-01-02T00:00:00Z')).toMatch(/2030/);
    expect(userExpiryLabel({ expires: null, payment_status: 'none' })).toBe('Never');
  });

  it('says when a license waiting for payment will expire', () => {
    expect(userExpiryLabel({ expires: null, payment_status: 'pending' })).toBe('1 year from payment');
    expect(userExpiryLabel({ expires: '2030-01-02T00:00:00Z', payment_status: 'paid' })).toMatch(/2030/);
  });

  it('labels limits and support levels', () => {
    expect(limitLabel(null)).toBe('No limit');
    expect(limitLabel(1500)).toBe('1,500');
    expect(supportLabel('none')).toBe('None');
    expect(supportLabel('email')).toBe('Email Support');
    expect(supportLabel('premium')).toBe('Premium Support');
  });

  it.each([
    [1_200_000, '$12,000'],
    [100_000, '$1,000'],
    [123_450, '$1,234.50'],
    [0, '$0'],
  ])('%i cents are %s', (cents, text) => expect(formatDollars(cents)).toBe(text));

  it('says "Expires in N days" from 60 days before the end, for every type with an end', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const inDays = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString();
    const l = { status: 'active', payment_status: 'none', renewed_by: null } as const;
    expect(expiresSoonLabel({ ...l, expires: inDays(61) }, now)).toBeUndefined();
    expect(expiresSoonLabel({ ...l, expires: inDays(60) }, now)).toBe('Expires in 60 days');
    expect(expiresSoonLabel({ ...l, payment_status: 'paid', expires: inDays(1.5) }, now)).toBe('Expires in 1 day');
    expect(expiresSoonLabel({ ...l, expires: inDays(0.2) }, now)).toBe('Expires today');
    expect(expiresSoonLabel({ ...l, expires: null }, now)).toBeUndefined();
    expect(expiresSoonLabel({ ...l, renewed_by: 'lic_next', expires: inDays(5) }, now)).toBeUndefined();
    expect(expiresSoonLabel({ ...l, status: 'revoked', expires: inDays(5) }, now)).toBeUndefined();
  });
});
