import type { InvitationStatus, TeamMember } from '../../../shared/api/teams';

export const sourceLabels: Record<TeamMember['source'], string> = {
  creator: 'Created the team',
  invitation: 'Invitation',
  idp: 'Identity provider group',
};

export const invitationStatusLabels: Record<InvitationStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  expired: 'Expired',
  revoked: 'Revoked',
  declined: 'Declined',
};
