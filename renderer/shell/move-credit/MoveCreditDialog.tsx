import { type FormEvent, useId } from 'react';
import type { AccountSummary } from '../../../shared/api/auth';
import { formatCents } from '../../../shared/api/billing';
import { accountLabel } from '../../../shared/teams/account-label';
import { useMoveCredit } from '../../queries/billing';
import { DialogActions } from '../DialogActions';
import { toast } from '../toast-store';
import { useModalDialog } from '../use-modal-dialog';

const capitalised = (s: string) => s.replace(/^./, (c) => c.toUpperCase());

/** Asks once more, naming both accounts and the amount; afterwards says what each account holds. */
export function MoveCreditDialog({
  move,
  personalId,
  onClose,
}: {
  move: { from: AccountSummary; to: AccountSummary; cents: number };
  personalId: string | undefined;
  onClose: (done: boolean) => void;
}) {
  const ids = useId();
  const { ref, onCancel } = useModalDialog(() => onClose(false));
  const mutation = useMoveCredit();
  const from = accountLabel(move.from);
  const to = accountLabel(move.to);
  const amount = formatCents(move.cents);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    mutation.mutate(
      { from: move.from.id === personalId ? undefined : move.from.id, to: move.to.id, amountCents: move.cents },
      {
        onSuccess: (r) => {
          toast({ kind: 'success', title: `Moved ${amount} to ${to}`, message: `${capitalised(from)} now has ${formatCents(r.balance_cents)}; ${to} has ${formatCents(r.to_balance_cents)}.` });
          onClose(true);
        },
      },
    );
  };

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-body`} data-testid="move-credit-dialog" onCancel={onCancel}>
      <form onSubmit={submit}>
        <h2 id={`${ids}-title`}>Move credit</h2>
        <p id={`${ids}-body`} data-testid="move-credit-summary">
          Move <strong>{amount}</strong> from <strong>{from}</strong> to <strong>{to}</strong>?
        </p>
        <p className="muted small">The move is one transaction: a row in each account’s transaction history. Move it back the same way.</p>
        {mutation.isError && (
          <p className="form-error" role="alert">
            Could not move the credit: {mutation.error.message}
          </p>
        )}
        <DialogActions onClose={() => onClose(false)} submit={{ label: `Move ${amount}`, busyLabel: 'Moving…', busy: mutation.isPending }} />
      </form>
    </dialog>
  );
}
