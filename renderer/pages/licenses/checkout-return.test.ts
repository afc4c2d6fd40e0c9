import { describe, expect, it } from 'vitest';
import type { License } from '../../../shared/api/licenses';
import { checkoutReturn, paymentPollMs, pollAfterCheckout } from './checkout-return';

const lic = (payment_status: string): License => ({
  id: 'lic_aaaaaaaaaaaaaaaaaaaa',
  type: 'enterprise',
  organization_name: 'Acme',
  created: '2025-01-01T00:00:00Z',
  status: payment_status === 'pending' ? 'pending' : 'active',
  payment_status,
  license_key: null,
  users_limit: 10,
  gpus_limit: 0,
  support_level: 'none',
  expires: null,
  wire_reference: 'AAAAAAA',
  amount_cents: null,
});

describe('return from checkout', () => {
  it.each([
    [{ checkout: 'success' }, 'success'],
    [{ checkout: 'cancelled' }, 'cancelled'],
    [{ checkout: 'renewed' }, 'renewed'],
    [{ checkout: 'renewal-cancelled' }, 'renewal-cancelled'],
    [{ checkout: 'maybe' }, undefined],
    [{}, undefined],
  ])('%j → %s', (query, expected) => expect(checkoutReturn(query)).toBe(expected));

  it('polls after a renewal until the renewed licence is in the list', () => {
    expect(pollAfterCheckout('renewed', [lic('paid')], 0, 1000)).toBe(paymentPollMs);
    expect(pollAfterCheckout('renewed', [{ ...lic('paid'), renewed_by: 'lic_bbbbbbbbbbbbbbbbbbbb' }], 0, 1000)).toBe(false);
    expect(pollAfterCheckout('renewal-cancelled', [lic('paid')], 0, 1000)).toBe(false);
  });

  it('polls after a success while a license waits for payment, for two minutes', () => {
    expect(pollAfterCheckout('success', [lic('paid'), lic('pending')], 0, 1000)).toBe(paymentPollMs);
    expect(pollAfterCheckout('success', [lic('paid')], 0, 1000)).toBe(false);
    expect(pollAfterCheckout('success', [lic('pending')], 0, 121_000)).toBe(false);
    expect(pollAfterCheckout('cancelled', [lic('pending')], 0, 1000)).toBe(false);
    expect(pollAfterCheckout(undefined, [lic('pending')], 0, 1000)).toBe(false);
    expect(pollAfterCheckout('success', undefined, 0, 1000)).toBe(false);
  });
});
