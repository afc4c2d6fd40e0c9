import { describe, expect, it } from 'vitest';
import { providerMessage } from './api-client';
import { backoffDelay, clampWait, parseRetryAfter } from './backoff';
import { RateLimitTracker } from './rate-limit';

describe('backoff', () => {
  const s = (r: number) => ({ baseDelayMs: 500, maxWaitMs: 30_000, random: () => r });

  it('doubles per retry with jitter between half and full, capped', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, s(1)))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, s(0)))).toEqual([250, 500, 1000, 2000]);
    expect(backoffDelay(20, s(1))).toBe(30_000);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(clampWait(3_600_000, 30_000)).toBe(30_000);
  });
});

describe('rate-limit tracker', () => {
  it('blocks for one refill interval once RateLimit-Remaining is 0', () => {
    let now = 1_000_000_000_000;
    const t = new RateLimitTracker(() => now);
    t.observe(new Headers({ 'RateLimit-Limit': '3600', 'RateLimit-Remaining': '12', 'RateLimit-Reset': String(now / 1000 + 3588) }));
    expect(t.pendingWait()).toBe(0);
    t.observe(new Headers({ 'RateLimit-Limit': '3600', 'RateLimit-Remaining': '0', 'RateLimit-Reset': String(now / 1000 + 3600) }));
    expect(t.pendingWait()).toBe(1000);
    now += 400;
    expect(t.pendingWait()).toBe(600);
    t.clear();
    expect(t.pendingWait()).toBe(0);
  });

  it('ignores answers without the headers', () => {
    const t = new RateLimitTracker(() => 0);
    t.observe(new Headers());
    expect(t.pendingWait()).toBe(0);
  });
});

describe('providerMessage', () => {
  it('finds the message in Hetzner and Civo error bodies', () => {
    expect(providerMessage({ error: { code: 'invalid_input', message: 'invalid input in field x' } }, 'HTTP 422')).toBe('invalid input in field x');
    expect(providerMessage({ code: 'database_instance_not_found', reason: 'Failed to find the instance' }, 'HTTP 404')).toBe('Failed to find the instance');
    expect(providerMessage('<html>Bad gateway</html>', 'HTTP 502')).toBe('<html>Bad gateway</html>');
    expect(providerMessage(undefined, 'HTTP 500')).toBe('HTTP 500');
  });
});
