import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { HttpError, unauthorized } from '../http/errors';
import type { AppState } from '../http/types';

/** A 5xx whose message is still meant for the caller (the error middleware hides other 5xx texts). */
class ExposedHttpError extends HttpError {
  override get expose(): boolean {
    return true;
  }
}

/**
 * Compares in constant time: both sides are hashed first, so neither the content nor the length
 * of the configured secret leaks through timing.
 */
export function secretMatches(expected: string, given: string | undefined): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  const match = timingSafeEqual(digest(expected), digest(given ?? ''));
  return match && given !== undefined;
}

/** `X-CI-Secret` must equal the configured secret, checked before the body is read. */
export function requireCiSecret(secret: () => string | undefined): Middleware<AppState> {
  return async (ctx, next) => {
    const expected = secret();
    if (!expected) throw new ExposedHttpError(503, 'CI uploads are not configured');
    const given = ctx.get('X-CI-Secret');
    if (!secretMatches(expected, given === '' ? undefined : given)) throw unauthorized('Invalid CI secret');
    await next();
  };
}
