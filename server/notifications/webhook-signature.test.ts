import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from './webhook-signature';

const secret = 'a-shared-secret-of-some-length';
const at = new Date('2026-11-28T02:00:00Z');
const body = JSON.stringify({ text: 'An installation has been silent for 24 hours' });

describe('alert webhook signature', () => {
  it('is a Stripe-style timestamped HMAC-SHA256 of the body', () => {
    expect(signPayload(secret, body, at)).toMatch(/^t=1795831200,v1=[0-9a-f]{64}$/);
  });

  it.each([
    ['the same body and secret, on time', secret, body, at, true],
    ['a changed body', secret, `${body} `, at, false],
    ['another secret', 'another-secret-of-some-length', body, at, false],
    ['six minutes later (a replay)', secret, body, new Date(at.getTime() + 6 * 60_000), false],
    ['four minutes later', secret, body, new Date(at.getTime() + 4 * 60_000), true],
  ])('a receiver accepts it for %s: %s', (_what, key, received, now, ok) => {
    expect(verifySignature(key, signPayload(secret, body, at), received, now)).toBe(ok);
  });

  it.each([undefined, '', 't=abc,v1=00', 'v1=' + '0'.repeat(64), 't=1795831200'])('refuses the header %s', (header) => {
    expect(verifySignature(secret, header, body, at)).toBe(false);
  });
});
