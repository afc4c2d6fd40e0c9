import { type FormEvent, useId } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TeamDetail } from '../../../shared/api/teams';
import { useDeleteTeam } from '../../queries/teams';
import { linkTo } from '../../routes/links';
import { DialogActions } from '../../shell/DialogActions';
import { toast } from '../../shell/toast-store';
import { useModalDialog } from '../../shell/use-modal-dialog';

/** Asks before deleting the team; the server refuses (409) while a deployment runs or money is left, and says so here. */
export function DeleteTeamDialog({ team, onClose }: { team: TeamDetail; onClose: () => void }) {
  const ids = useId();
  const { ref, onCancel } = useModalDialog(onClose);
  const remove = useDeleteTeam(team.id);
  const navigate = useNavigate();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (remove.isPending) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        toast({ kind: 'success', title: 'Team deleted', message: team.name });
        void navigate(linkTo('teams'));
      },
    });
  };

  return (
    <dialog ref={ref} className="dialog team-dialog" aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-body`} data-testid="delete-team-dialog" onCancel={onCancel}>
      <form onSubmit={submit}>
        <h2 id={`${ids}-title`}>Delete team</h2>
        <div id={`${ids}-body`}>
          <p>
            Delete <strong className="team-dialog-name">{team.name}</strong>? Its {team.members} {team.members === 1 ? 'member loses' : 'members lose'} access and its API keys stop working. This
            cannot be undone.
          </p>
          {(team.running_deployments > 0 || team.balance_cents !== 0) && (
            <p className="muted">
              The team still has {team.running_deployments > 0 ? `${team.running_deployments} running deployment(s)` : 'money on its balance'}: the server will refuse until it has none.
            </p>
          )}
        </div>
        {remove.isError && (
          <p className="form-error" role="alert" data-testid="delete-team-error">
            {remove.error.message}
          </p>
        )}
        <DialogActions onClose={onClose}>
          <button type="submit" className="btn btn-danger" disabled={remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete team'}
          </button>
        </DialogActions>
      </form>
    </dialog>
  );
}
