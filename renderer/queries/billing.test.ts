import { describe, expect, it } from 'vitest';
import { onBalanceRefresh, refreshBalance } from './billing';

describe('balance refresh event', () => {
  it('tells every subscriber, and no longer one that unsubscribed', () => {
    const calls: string[] = [];
    const offA = onBalanceRefresh(() => calls.push('a'));
    const offB = onBalanceRefresh(() => calls.push('b'));
    refreshBalance();
    offA();
    refreshBalance();
    offB();
    refreshBalance();
    expect(calls).toEqual(['a', 'b', 'b']);
  });

  it('lets a subscriber unsubscribe while being told', () => {
    const calls: string[] = [];
    const off = onBalanceRefresh(() => {
      calls.push('once');
      off();
    });
    const offOther = onBalanceRefresh(() => calls.push('other'));
    refreshBalance();
    refreshBalance();
    offOther();
    expect(calls).toEqual(['once', 'other', 'other']);
  });
});
