import type { License } from '../../../shared/api/licenses';

export const markPaidFailedMessage = 'Failed to mark license as paid. Please try again.';

/** Mark as Paid asks first, showing the wire reference to look for on the bank statement. */
export function markPaidConfirmText(l: Pick<License, 'organization_name' | 'wire_reference' | 'amount_cents'>, amount: string | undefined): string {
  return `Mark the license of ${l.organization_name} as paid?\n\nOnly confirm once a bank transfer${amount ? ` of ${amount}` : ''} with the reference ${l.wire_reference} has arrived. The license is activated and its key issued immediately.`;
}

/** Previous/Next bounds of the paginated table. */
export function pageBounds(page: number, totalPages: number): { hasPrevious: boolean; hasNext: boolean; label: string } {
  const total = Math.max(1, totalPages);
  return { hasPrevious: page > 1, hasNext: page < total, label: `Page ${page} of ${total}` };
}
