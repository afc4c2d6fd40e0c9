import { type FormEvent, useId, useState } from 'react';
import type { TeamDetail, TeamMember } from '../../../shared/api/teams';
import { roleLabels } from '../../../shared/teams/roles';
import { useTransferTeam } from '../../queries/teams';
import { DialogActions } from '../../shell/DialogActions';
import { OptionSelect } from '../../shell/OptionSelect';
import { toast } from '../../shell/toast-store';
import { useModalDialog } from '../../shell/use-modal-dialog';

/** Picks the member who becomes the owner, and asks once more before handing the team over. */
export function TransferDialog({ team, candidates, onClose }: { team: TeamDetail; candidates: TeamMember[]; onClose: () => void }) {
  const ids = useId();
  const { ref, onCancel } = useModalDialog(onClose);
  const [userId, setUserId] = useState(candidates[0]?.user_id ?? '');
  const transfer = useTransferTeam(team.id);
  const chosen = candidates.find((m) => m.user_id === userId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen || transfer.isPending) return;
    transfer.mutate(chosen.user_id, {
      onSuccess: () => {
        toast({ kind: 'success', title: 'Ownership transferred', message: `${chosen.email} owns ${team.name}; you are an admin.` });
        onClose();
      },
    });
  };

  return (
    <dialog ref={ref} className="dialog team-dialog" aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-body`} data-testid="transfer-dialog" onCancel={onCancel}>
      <form onSubmit={submit}>
        <h2 id={`${ids}-title`}>Transfer ownership</h2>
        <p id={`${ids}-body`}>
          The new owner alone may transfer the team again or delete it. You become an admin of <strong className="team-dialog-name">{team.name}</strong>.
        </p>
        <label className="field team-dialog-field">
          <span>New owner</span>
          <OptionSelect name="new-owner" value={userId} options={candidates.map((m) => [m.user_id, `${m.email} (${roleLabels[m.role]})`] as const)} onChange={setUserId} />
        </label>
        {transfer.isError && (
          <p className="form-error" role="alert">
            {transfer.error.message}
          </p>
        )}
        <DialogActions onClose={onClose}>
          <button type="submit" className="btn btn-danger" disabled={!chosen || transfer.isPending}>
            {transfer.isPending ? 'Transferring…' : 'Make owner'}
          </button>
        </DialogActions>
      </form>
    </dialog>
  );
}
