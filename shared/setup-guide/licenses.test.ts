import { describe, expect, it } from 'vitest';
import { chooseLicense, type GuideLicense, isActiveLicense } from './licenses';

const now = new Date('2025-06-01T12:00:00Z');
const lic = (id: string, over: Partial<GuideLicense> = {}): GuideLicense => ({
  id,
  license_key: `key-${id}`,
  status: 'active',
  organization_name: 'Acme',
  type: 'trial',
  expires: null,
  ...over,
});

describe('isActiveLicense', () => {
  it.each([
    ['no expiry', lic('a'), true],
    ['future expiry', lic('a', { expires: '2025-06-02T00:00:00Z' }), true],
    ['past expiry', lic('a', { expires: '2025-05-31T00:00:00Z' }), false],
    ['expires now', lic('a', { expires: now.toISOString() }), false],
    ['no key', lic('a', { license_key: null }), false],
    ['empty key', lic('a', { license_key: '' }), false],
    ['pending', lic('a', { status: 'pending' }), false],
  ])('%s → %s', (_name, l, active) => {
    expect(isActiveLicense(l, now)).toBe(active);
  });
});

describe('chooseLicense', () => {
  it('picks the first active, unexpired license', () => {
    const list = [lic('old', { expires: '2024-01-01T00:00:00Z' }), lic('pending', { status: 'pending', license_key: null }), lic('b'), lic('c')];
    expect(chooseLicense(list, now)).toEqual({ kind: 'active', license: list[2] });
  });
  it('lists the licenses when all have expired', () => {
    const list = [lic('x', { expires: '2024-01-01T00:00:00Z' }), lic('y', { expires: '2025-01-01T00:00:00Z' })];
    expect(chooseLicense(list, now)).toEqual({ kind: 'all-expired', expired: list });
  });
  it('asks for a key when there are none', () => {
    expect(chooseLicense([], now)).toEqual({ kind: 'none', hasLicenses: false });
  });
  it('asks for a key when the only licenses are still pending payment', () => {
    expect(chooseLicense([lic('p', { status: 'pending', license_key: null })], now)).toEqual({ kind: 'none', hasLicenses: true });
  });
});
