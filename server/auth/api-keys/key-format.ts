import { randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * The personal API key's format, after GitHub's tokens: a prefix, 30 random base62 characters
 * (178 bits) and a 6-character base62 CRC32 of everything before it. Fixed length and a checksum
 * let a scanner (the suite's log scan, a repository's secret scanning) recognise a real key
 * without false alarms: a random `lp_…` string of that length (an OIDC `state`, say) passes the
 * checksum about once in 57 billion (62⁶).
 */
export const apiKeyPrefix = 'lp_';
const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const randomLength = 30;
const checksumLength = 6;
export const apiKeyLength = apiKeyPrefix.length + randomLength + checksumLength;

/** Keys made before the checksum: the prefix and 32 random bytes in base64url; they keep working. */
const legacyKey = /^lp_[A-Za-z0-9_-]{43}$/;

/** Finds key-shaped strings in any text; each match still has to pass `isApiKeyFormat`. */
export const apiKeyCandidates = () => new RegExp(`(?<![A-Za-z0-9_-])${apiKeyPrefix}[0-9A-Za-z]{${randomLength + checksumLength}}(?![A-Za-z0-9_-])`, 'g');

function checksum(body: string): string {
  let n = crc32(body);
  let out = '';
  for (let i = 0; i < checksumLength; i++) {
    out = base62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

export function newApiKey(): string {
  let body = apiKeyPrefix;
  for (let i = 0; i < randomLength; i++) body += base62[randomInt(62)];
  return body + checksum(body);
}

/** A key in the current format whose checksum holds. */
export function isApiKeyFormat(value: string): boolean {
  if (value.length !== apiKeyLength || !value.startsWith(apiKeyPrefix) || !/^[0-9A-Za-z]+$/.test(value.slice(apiKeyPrefix.length))) return false;
  return checksum(value.slice(0, -checksumLength)) === value.slice(-checksumLength);
}

/** A bearer meant as a personal API key (an OIDC access token is a JWT: `eyJ…`); it may still be malformed. */
export const isApiKey = (bearer: string) => bearer.startsWith(apiKeyPrefix);

/** A key in either format Launchpad has issued (one that fails this is not looked up). */
export const isWellFormedApiKey = (key: string) => isApiKeyFormat(key) || legacyKey.test(key);
