import { describe, expect, it } from 'vitest';
import { expiryLabel, formatDollars, limitLabel, statusLabel, statusTone, supportLabel, userExpiryLabel } from './format';

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
});
