import type { AuthUser } from '../http/types';

/**
 * Verified access tokens, so a token's signature check and user upsert happen once, not on every
 * request. Safe because a JWT cannot change and is never used past its `exp`; API keys are not
 * cached (they can be revoked). Least recently used entries go first once `max` is reached.
 */
export function createTokenCache(o: { max: number; now: () => number }) {
  const entries = new Map<string, { user: AuthUser; expiresAt: number }>();
  return {
    get(token: string): AuthUser | undefined {
      const hit = entries.get(token);
      if (!hit) return undefined;
      entries.delete(token);
      if (hit.expiresAt <= o.now()) return undefined;
      entries.set(token, hit);
      return hit.user;
    },
    set(token: string, user: AuthUser, expiresAt: number): void {
      if (entries.size >= o.max) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(token, { user, expiresAt });
    },
    get size() {
      return entries.size;
    },
  };
}
