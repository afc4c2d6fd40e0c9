import { describe, expect, it } from 'vitest';
import { personalAccount } from '../http/types';
import { createTokenCache } from './token-cache';

const user = (id: string) => ({ id, email: `${id}@example.test`, isAdmin: false, via: 'token' as const, account: personalAccount({ id, email: `${id}@example.test` }) });

describe('verified token cache', () => {
  it('answers until the token expires, then forgets it', () => {
    let now = 1000;
    const cache = createTokenCache({ max: 10, now: () => now });
    cache.set('t1', user('a'), 2000);
    expect(cache.get('t1')?.id).toBe('a');
    now = 2000;
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used token when full', () => {
    const cache = createTokenCache({ max: 2, now: () => 0 });
    cache.set('t1', user('a'), 10);
    cache.set('t2', user('b'), 10);
    cache.get('t1');
    cache.set('t3', user('c'), 10);
    expect(cache.get('t2')).toBeUndefined();
    expect(cache.get('t1')?.id).toBe('a');
    expect(cache.get('t3')?.id).toBe('c');
  });
});
