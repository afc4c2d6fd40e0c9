import type { Middleware } from 'koa';
import type { RateLimits } from './rate-limit';
import type { AppState } from './types';

/**
 * Per-address limits on the endpoints anyone can call without signing in (RATE_LIMIT_PUBLIC_PER_MINUTE).
 * Each has its own bucket, so a flood of CI uploads does not lock visitors out of the landing page's lookup.
 */
export function publicRateLimits(limits: RateLimits, perMinute: number): Record<'userInfo' | 'ciUpload' | 'checkout', Middleware<AppState>> {
  const rule = (bucket: string, message: string) => limits.middleware({ bucket, limit: perMinute, windowMs: 60_000, message });
  return {
    userInfo: rule('user-info', 'Too many company lookups from this address'),
    ciUpload: rule('ci-upload', 'Too many test result uploads from this address'),
    checkout: rule('checkout', 'Too many checkout requests from this address'),
  };
}
