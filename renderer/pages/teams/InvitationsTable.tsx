import type { TeamDetail, TeamInvitation } from '../../../shared/api/teams';
import { formatDate } from '../../../shared/format/dates';
import { roleLabels } from '../../../shared/teams/roles';
import { useRevokeInvitation } from '../../queries/teams';
import { DataTable, MessageRow } from '../../shell/DataTable';
import { toast } from '../../shell/toast-store';
import { invitationStatusLabels } from './labels';

function RevokeButton({ teamId, invitation }: { teamId: string; invitation: TeamInvitation }) {
  const revoke = useRevokeInvitation(teamId);
  const click = () => {
    if (!window.confirm(`Revoke the invitation to ${invitation.email}? Its link stops working.`)) return;
    revoke.mutate(invitation.id, {
      onSuccess: () => toast({ kind: 'success', title: 'Invitation revoked', message: invitation.email }),
      onError: (err) => toast({ kind: 'error', title: 'Could not revoke the invitation', message: err.message }),
    });
  };
  return (
    <button type="button" className="btn btn-small btn-danger" onClick={click} disabled={revoke.isPending} aria-label={`Revoke the invitation to ${invitation.email}`}>
      Revoke
    </button>
  );
}

/** Pending and recent invitations (owners and admins): who, which role, where it stands, until when; Revoke while pending. */
export function InvitationsTable({ team }: { team: TeamDetail }) {
  return (
    <DataTable
      label="Invitations"
      testId="team-invitations-table"
      className="table teams-table"
      scope="col"
      columns={['E-mail', 'Role', 'Status', 'Expires', 'Invited by', { label: <span className="visually-hidden">Actions</span> }]}
    >
      {team.invitations.length === 0 && <MessageRow colSpan={6}>No invitations.</MessageRow>}
      {team.invitations.map((i) => (
        <tr key={i.id} data-testid="team-invitation-row">
          <td className="teams-email" data-label="E-mail">
            {i.email}
          </td>
          <td data-label="Role">{roleLabels[i.role]}</td>
          <td data-label="Status">
            <span className={`badge ${i.status === 'pending' ? 'badge-info' : i.status === 'accepted' ? 'badge-success' : 'badge-muted'}`}>{invitationStatusLabels[i.status]}</span>
          </td>
          <td className="nowrap" data-label="Expires">
            {formatDate(i.expires_at)}
          </td>
          <td className="teams-email" data-label="Invited by">
            {i.invited_by}
          </td>
          <td className="cell-actions">{i.status === 'pending' && <RevokeButton teamId={team.id} invitation={i} />}</td>
        </tr>
      ))}
    </DataTable>
  );
}
