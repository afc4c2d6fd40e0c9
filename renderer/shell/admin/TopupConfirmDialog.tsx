import { useId } from 'react';
import { formatCents } from '../../../shared/api/billing';
import { DialogActions } from '../DialogActions';
import { useModalDialog } from '../use-modal-dialog';
import { EmailText } from './CustomerLink';

export interface PendingTopup {
  email: string;
  beforeCents: number;
  amountCents: number;
  reason: string;
}

/** The last look before money moves: whose balance, before and after, and the reason the ledger and audit log keep. */
export function TopupConfirmDialog({ topup, busy, onConfirm, onClose }: { topup: PendingTopup; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const ids = useId();
  const { ref, onCancel } = useModalDialog(onClose);
  return (
    <dialog ref={ref} className="dialog topup-dialog" aria-labelledby={`${ids}-title`} data-testid="topup-confirm" onCancel={onCancel}>
      <h2 id={`${ids}-title`}>Confirm top-up</h2>
      <dl className="topup-figures">
        <dt>Customer</dt>
        <dd data-testid="topup-confirm-email">
          <EmailText email={topup.email} />
        </dd>
        <dt>Balance before</dt>
        <dd data-testid="topup-confirm-before">{formatCents(topup.beforeCents)}</dd>
        <dt>Top-up</dt>
        <dd data-testid="topup-confirm-amount">+{formatCents(topup.amountCents)}</dd>
        <dt>Balance after</dt>
        <dd data-testid="topup-confirm-after">
          <strong>{formatCents(topup.beforeCents + topup.amountCents)}</strong>
        </dd>
        <dt>Reason</dt>
        <dd className="topup-reason">{topup.reason}</dd>
      </dl>
      <p className="muted small">The reason is kept in the ledger entry and the audit log, and the customer is told.</p>
      <DialogActions onClose={onClose}>
        <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={busy} aria-busy={busy} autoFocus>
          {busy ? 'Adding…' : 'Confirm top-up'}
        </button>
      </DialogActions>
    </dialog>
  );
}
