import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TeamDetail } from '../../../shared/api/teams';
import { accountLabel } from '../../../shared/teams/account-label';
import { useMe } from '../../queries/auth';
import { useDeleteTeam } from '../../queries/teams';
import { linkTo } from '../../routes/links';
import { DialogActions } from '../../shell/DialogActions';
import { OptionSelect } from '../../shell/OptionSelect';
import { billable, optionLabel } from '../../shell/move-credit/accounts';
import { toast } from '../../shell/toast-store';
import { useModalDialog } from '../../shell/use-modal-dialog';
import { leftInTeam } from './closing';

/**
 * Asks before deleting the team. A team that still holds credit or live licences is closed by
 * moving them, in the same step, to another account the owner can bill in: never left behind.
 */
export function DeleteTeamDialog({ team, onClose }: { team: TeamDetail; onClose: () => void }) {
  const ids = useId();
  const { ref, onCancel } = useModalDialog(onClose);
  const remove = useDeleteTeam(team.id);
  const navigate = useNavigate();
  const me = useMe();
  const destinations = billable(me.data?.accounts ?? []).filter((a) => a.id !== team.id);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const destination = destinations.find((a) => a.id === chosen) ?? destinations[0];
  const left = leftInTeam(team);
  const moves = left !== undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (remove.isPending || (moves && !destination)) return;
    // mutateAsync: the team's page goes with the team, and mutate's own callbacks with it
    void remove
      .mutateAsync(moves ? destination?.id : undefined)
      .then(() => {
        toast({ kind: 'success', title: 'Team deleted', message: moves && destination ? `${team.name}: ${left} moved to ${accountLabel(destination)}.` : team.name });
        void navigate(linkTo('teams'));
      })
      .catch(() => undefined);
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
          {moves && (
            <p data-testid="delete-team-moves">
              It still holds {left}: {team.balance_cents > 0 && team.live_licences > 0 ? 'they move' : 'it moves'} to the account you choose, then the team is deleted.
            </p>
          )}
        </div>
        {moves && destination && (
          <label className="field team-dialog-field">
            <span>Move to</span>
            <OptionSelect name="move-to" value={destination.id} options={destinations.map((a) => [a.id, optionLabel(a)] as const)} onChange={setChosen} />
          </label>
        )}
        {remove.isError && (
          <p className="form-error" role="alert" data-testid="delete-team-error">
            {remove.error.message}
          </p>
        )}
        <DialogActions onClose={onClose}>
          <button type="submit" className="btn btn-danger" disabled={remove.isPending || (moves && !destination)}>
            {remove.isPending ? 'Deleting…' : moves ? 'Move and delete team' : 'Delete team'}
          </button>
        </DialogActions>
      </form>
    </dialog>
  );
}
