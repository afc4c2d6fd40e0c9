import { formatCents, type Transaction } from '../../../shared/api/billing';

/** Credits carry a plus sign, debits the minus of formatCents: "+$50.00", "-$0.10". */
export function signedCents(cents: number): string {
  return cents > 0 ? `+${formatCents(cents)}` : formatCents(cents);
}

export const kindLabel: Record<Transaction['kind'], string> = {
  free_credit: 'Free credit',
  topup: 'Card top-up',
  admin_topup: 'Admin top-up',
  usage: 'Usage',
  refund: 'Refund',
  transfer: 'Moved',
};

/** What `?checkout=` on the return from a payment page means, if anything. */
export function checkoutOutcome(value: string | undefined): 'success' | 'cancelled' | undefined {
  return value === 'success' || value === 'cancelled' ? value : undefined;
}
