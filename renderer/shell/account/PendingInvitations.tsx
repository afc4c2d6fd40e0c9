import { useNavigate } from 'react-router-dom';
import type { MyInvitation } from '../../../shared/api/teams';
import { formatDate } from '../../../shared/format/dates';
import { roleLabels } from '../../../shared/teams/roles';
import { switchAccount } from '../../auth/account-store';
import { useAcceptMine, useDeclineMine, useMyInvitations } from '../../queries/teams';
import { toast } from '../toast-store';
import { landingOf } from './use-role';
import './account-switcher.css';

/**
 * Invitations waiting for the person's verified e-mail (issue 43), with Accept and Decline: in the
 * bell and on /teams, so joining needs no mail. Accepting works in the team at once.
 */
export function PendingInvitations({ onDone, headed = false }: { onDone?: () => void; headed?: boolean }) {
  const invitations = useMyInvitations();
  const list = invitations.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className={headed ? 'card pending-invitations' : 'pending-invitations'} aria-label="Invitations for you" data-testid="pending-invitations">
      {headed && <h2 className="card-caption">Invitations for you</h2>}
      <ul className="pending-invitation-list">
        {list.map((i) => (
          <PendingInvitation key={i.id} invitation={i} onDone={onDone} />
        ))}
      </ul>
    </section>
  );
}

function PendingInvitation({ invitation: i, onDone }: { invitation: MyInvitation; onDone?: () => void }) {
  const accept = useAcceptMine();
  const decline = useDeclineMine();
  const navigate = useNavigate();
  const busy = accept.isPending || decline.isPending;
  const failed = accept.error ?? decline.error;
  return (
    <li className="pending-invitation" data-testid="pending-invitation">
      <p className="pending-invitation-text">
        <strong>{i.invited_by}</strong> invited you to join <strong>{i.team_name}</strong> as {roleLabels[i.role]}. <span className="muted small">Until {formatDate(i.expires_at)}.</span>
      </p>
      <div className="pending-invitation-actions">
        <button
          type="button"
          className="btn btn-small btn-primary"
          disabled={busy}
          aria-label={`Accept the invitation to ${i.team_name}`}
          // mutateAsync: the list is read again on success and this row goes, which would drop mutate's own callbacks
          onClick={() =>
            void accept
              .mutateAsync(i.id)
              .then((team) => {
                switchAccount(team.id);
                toast({ kind: 'success', title: `You joined ${team.name}`, message: `You are working in the team as ${roleLabels[team.role]}.` });
                onDone?.();
                void navigate(landingOf(team.role));
              })
              .catch(() => undefined)
          }
        >
          Accept
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          aria-label={`Decline the invitation to ${i.team_name}`}
          onClick={() =>
            void decline.mutateAsync(i.id).then(
              () => toast({ kind: 'success', title: 'Invitation declined', message: i.team_name }),
              () => undefined,
            )
          }
        >
          Decline
        </button>
      </div>
      {failed && (
        <p className="form-error" role="alert">
          {failed.message}
        </p>
      )}
    </li>
  );
}
