import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiKeyLength, isApiKeyFormat, isWellFormedApiKey, newApiKey } from './key-format';

describe('the API key format', () => {
  it('a new key has the fixed length, base62 after the prefix, and passes its checksum', () => {
    const keys = Array.from({ length: 200 }, newApiKey);
    for (const key of keys) {
      expect(key).toMatch(/^lp_[0-9A-Za-z]{36}$/);
      expect(key).toHaveLength(apiKeyLength);
      expect(isApiKeyFormat(key)).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('one character changed fails the checksum', () => {
    const key = newApiKey();
    const i = 10;
    const typo = key.slice(0, i) + (key[i] === 'a' ? 'b' : 'a') + key.slice(i + 1);
    expect(isApiKeyFormat(typo)).toBe(false);
  });

  it('random `lp_` strings of the same length and alphabet (an OIDC state, say) are not keys', () => {
    const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    const randoms = Array.from({ length: 10_000 }, () => 'lp_' + [...randomBytes(36)].map((b) => base62[b % 62]).join(''));
    expect(randoms.filter(isApiKeyFormat)).toEqual([]);
  });

  it('a key made before the checksum (prefix + 32 bytes in base64url) is still taken; other `lp_` strings are not', () => {
    expect(isWellFormedApiKey(`lp_${randomBytes(32).toString('base64url')}`)).toBe(true);
    expect(isWellFormedApiKey('lp_not-a-real-key')).toBe(false);
    expect(isWellFormedApiKey(`lp_${randomBytes(20).toString('base64url')}`)).toBe(false);
  });
});
