import { useState } from 'react';
import type { InvitationWithLink, TeamDetail, TeamInvitation } from '../../../shared/api/teams';
import { InvitationLink } from './InvitationLink';
import { formatDate } from '../../../shared/format/dates';
import { roleLabels } from '../../../shared/teams/roles';
import { useResendInvitation, useRevokeInvitation } from '../../queries/teams';
import { DataTable, MessageRow } from '../../shell/DataTable';
import { toast } from '../../shell/toast-store';
import { invitationStatusLabels } from './labels';
import { confirmAction } from '../../shell/confirm-store';
import { revokeInPlace } from '../../shell/revoke-in-place';

function RevokeButton({ teamId, invitation }: { teamId: string; invitation: TeamInvitation }) {
  const revoke = useRevokeInvitation(teamId);
  const click = async (button: HTMLButtonElement) => {
    if (!(await confirmAction({ message: `Revoke the invitation to ${invitation.email}? Its link stops working.`, action: 'Revoke invitation' }))) return;
    // The revoked invitation keeps its row but loses its button.
    revokeInPlace(button, 'section', () => revoke.mutateAsync(invitation.id), {
      done: `Invitation to ${invitation.email} revoked`,
      failed: 'Could not revoke the invitation',
      subject: invitation.email,
    });
  };
  return (
    <button
      type="button"
      className="btn btn-small btn-danger"
      data-action="revoke"
      onClick={(e) => void click(e.currentTarget)}
      disabled={revoke.isPending}
      aria-label={`Revoke the invitation to ${invitation.email}`}
    >
      Revoke
    </button>
  );
}

function ResendButton({ teamId, invitation, onSent }: { teamId: string; invitation: TeamInvitation; onSent: (i: InvitationWithLink) => void }) {
  const resend = useResendInvitation(teamId);
  return (
    <button
      type="button"
      className="btn btn-small"
      disabled={resend.isPending}
      aria-label={`Send the invitation to ${invitation.email} again with a new link`}
      onClick={() => resend.mutate(invitation.id, { onSuccess: onSent, onError: (err) => toast({ kind: 'error', title: 'Could not resend the invitation', message: err.message }) })}
    >
      {resend.isPending ? 'Sending…' : 'New link'}
    </button>
  );
}

/** Pending and recent invitations (owners and admins): who, which role, where it stands, until when; Revoke while pending. */
export function InvitationsTable({ team }: { team: TeamDetail }) {
  const [resent, setResent] = useState<InvitationWithLink | undefined>(undefined);
  return (
    <>
      {resent && (
        <div className="card-body">
          <InvitationLink invitation={resent} resent />
        </div>
      )}
      <DataTable
        label="Invitations"
        testId="team-invitations-table"
        className="table teams-invitations"
        scope="col"
        keyColumns={['E-mail', 'Status', 'Actions']}
        columns={['E-mail', 'Role', 'Status', 'Expires', 'Invited by', { label: <span className="visually-hidden">Actions</span>, text: 'Actions' }]}
      >
        {team.invitations.length === 0 && <MessageRow colSpan={6}>No invitations.</MessageRow>}
        {team.invitations.map((i) => (
          <tr key={i.id} data-testid="team-invitation-row">
            <td className="teams-email">{i.email}</td>
            <td>{roleLabels[i.role]}</td>
            <td>
              <span className={`badge ${i.status === 'pending' ? 'badge-info' : i.status === 'accepted' ? 'badge-success' : 'badge-muted'}`}>{invitationStatusLabels[i.status]}</span>
            </td>
            <td className="nowrap">{formatDate(i.expires_at)}</td>
            <td className="teams-email">{i.invited_by}</td>
            <td className="cell-actions">
              {(i.status === 'pending' || i.status === 'expired') && <ResendButton teamId={team.id} invitation={i} onSent={setResent} />}
              {i.status === 'pending' && <RevokeButton teamId={team.id} invitation={i} />}
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
