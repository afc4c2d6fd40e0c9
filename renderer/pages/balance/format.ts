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
};

const when = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "Mar 5, 2026, 02:41 PM" in the viewer's time zone. */
export function formatWhen(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : when.format(d);
}

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A UTC calendar day "2026-03-05" as "Mar 5". */
export function formatDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : day.format(d);
}

/** What `?checkout=` on the return from a payment page means, if anything. */
export function checkoutOutcome(value: string | undefined): 'success' | 'cancelled' | undefined {
  return value === 'success' || value === 'cancelled' ? value : undefined;
}
