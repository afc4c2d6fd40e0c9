import type { License } from '../../../shared/api/licenses';

const returns = ['success', 'cancelled', 'renewed', 'renewal-cancelled'] as const;
export type CheckoutReturn = (typeof returns)[number];

/** The payment provider sends the browser back to /licenses?checkout=success or ?checkout=cancelled (a renewal: renewed, renewal-cancelled). */
export function checkoutReturn(query: Record<string, string>): CheckoutReturn | undefined {
  const v = query.checkout;
  return (returns as readonly string[]).includes(v ?? '') ? (v as CheckoutReturn) : undefined;
}

export const paymentPollMs = 3000;
export const paymentPollForMs = 2 * 60_000;

/**
 * After a successful card payment the provider's webhook may land a moment after the browser
 * returns: poll the list while a license still waits for payment, for two minutes at most.
 */
export function pollAfterCheckout(ret: CheckoutReturn | undefined, licenses: License[] | undefined, sinceMs: number, nowMs: number): number | false {
  if ((ret !== 'success' && ret !== 'renewed') || !licenses) return false;
  if (nowMs - sinceMs > paymentPollForMs) return false;
  // a renewal: until a renewed licence (and so its successor) is in the list
  const waiting = ret === 'renewed' ? !licenses.some((l) => l.renewed_by) : licenses.some((l) => l.payment_status === 'pending');
  return waiting ? paymentPollMs : false;
}
