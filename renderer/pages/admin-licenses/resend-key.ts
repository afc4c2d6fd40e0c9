import type { License } from '../../../shared/api/licenses';

/** Re-send Key asks first, naming where the key goes. */
export function resendConfirmText(l: Pick<License, 'id' | 'organization_name' | 'user_email'>): string {
  return `E-mail the key of ${l.id} (${l.organization_name}) to ${l.user_email ?? 'its licensee'}?`;
}
