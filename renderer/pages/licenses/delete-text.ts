import type { License } from '../../../shared/api/licenses';

/** The spec's question for a license that was issued: its key keeps working, only the list forgets it. */
export const deleteConfirmText = 'Are you sure you want to delete this license? The license will still be valid until it expires, it will just be removed from this list.';

/** A license never paid has no key that could stay valid: saying it would be is untrue. */
const neverPaid = (l: Pick<License, 'payment_status' | 'license_key'>) => l.payment_status === 'pending' && !l.license_key;

export function deleteQuestion(l: Pick<License, 'payment_status' | 'license_key'>): string {
  return neverPaid(l) ? 'Are you sure you want to delete this license? It was never paid, so it never became valid: it will be removed from this list, and nothing is charged.' : deleteConfirmText;
}

/** What the toast says once it is gone. */
export function deletedMessage(l: Pick<License, 'payment_status' | 'license_key' | 'organization_name'>): string {
  return neverPaid(l) ? `${l.organization_name}: the unpaid license is gone from your list.` : `${l.organization_name}: the license stays valid until it expires.`;
}
