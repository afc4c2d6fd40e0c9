import { useState } from 'react';
import type { TeamDetail } from '../../../shared/api/teams';
import { DeleteTeamDialog } from './DeleteTeamDialog';
import { TransferDialog } from './TransferDialog';
import { deleteRefusal } from './closing';

/** What only the owner may do: hand the team to another member, or delete it. */
export function OwnerActions({ team, myId }: { team: TeamDetail; myId: string | undefined }) {
  const [open, setOpen] = useState<'transfer' | 'delete' | undefined>(undefined);
  const others = team.member_list.filter((m) => m.user_id !== myId);
  const refusal = deleteRefusal(team);
  return (
    <section className="card team-owner" aria-labelledby="team-owner-title" data-testid="team-owner">
      <h2 id="team-owner-title">Ownership</h2>
      <div className="team-owner-row">
        <div>
          <h3>Transfer ownership</h3>
          <p className="muted small">Make another member the owner; you stay in the team as an admin.</p>
        </div>
        <button type="button" className="btn" onClick={() => setOpen('transfer')} disabled={others.length === 0} title={others.length === 0 ? 'Invite a member first' : undefined}>
          Transfer ownership
        </button>
      </div>
      <div className="team-owner-row">
        <div>
          <h3>Delete team</h3>
          <p className="muted small">Its credit and live licences move to another of your accounts first. Members lose access; the records stay for the audit log.</p>
          {refusal && (
            <p id="delete-team-refusal" className="muted small role-refusal" data-testid="delete-team-refusal">
              {refusal}
            </p>
          )}
        </div>
        <button type="button" className="btn btn-danger" onClick={() => setOpen('delete')} disabled={refusal !== undefined} aria-describedby={refusal ? 'delete-team-refusal' : undefined}>
          Delete team
        </button>
      </div>
      {open === 'transfer' && <TransferDialog team={team} candidates={others} onClose={() => setOpen(undefined)} />}
      {open === 'delete' && <DeleteTeamDialog team={team} onClose={() => setOpen(undefined)} />}
    </section>
  );
}
