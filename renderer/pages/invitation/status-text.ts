import type { InvitationPreview } from '../../../shared/api/teams';
import { formatDate } from '../../../shared/format/dates';

/**
 * The invitation's state as the person who opened its link reads it: one true state. "You" only
 * when the link is theirs (their address, verified or not yet); anyone else reads whose it is.
 */
export function invitationStatusText(i: Pick<InvitationPreview, 'status' | 'email' | 'expires_at'>, signedInAs: string | null | undefined): string {
  const yours = signedInAs?.trim().toLowerCase() === i.email.trim().toLowerCase();
  switch (i.status) {
    case 'pending':
      return yours ? 'Waiting for you to accept' : `Waiting for ${i.email} to accept`;
    case 'accepted':
      return 'Already accepted';
    case 'expired':
      return `Expired on ${formatDate(i.expires_at)}: ask for a new invitation`;
    case 'revoked':
      return 'Revoked by the team';
    case 'declined':
      return yours ? 'You declined it: ask the team for a new invitation' : `Declined by ${i.email}`;
  }
}
