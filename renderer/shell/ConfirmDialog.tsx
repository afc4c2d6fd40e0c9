import { useId } from 'react';
import { DialogActions } from './DialogActions';
import { type PendingConfirm, selectPendingConfirm, useConfirmStore } from './confirm-store';
import { useModalDialog } from './use-modal-dialog';

/**
 * The open confirmAction question, in a modal <dialog>: focus stays inside, Escape or Cancel says
 * no, the button named after the action says yes, and focus goes back to the control that asked.
 */
export function ConfirmHost() {
  const pending = useConfirmStore(selectPendingConfirm);
  return pending ? <ConfirmDialog key={pending.id} request={pending} /> : null;
}

function ConfirmDialog({ request }: { request: PendingConfirm }) {
  const ids = useId();
  const cancel = () => request.settle(false);
  const { ref, onCancel } = useModalDialog(cancel);
  return (
    <dialog ref={ref} className="dialog confirm-dialog" aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-body`} data-testid="confirm-dialog" onCancel={onCancel}>
      <h2 id={`${ids}-title`}>{request.title ?? request.action}</h2>
      <div id={`${ids}-body`} className="confirm-dialog-body">
        {request.message.split(/\n\s*\n/).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <DialogActions onClose={cancel}>
        <button type="button" className={request.danger === false ? 'btn btn-primary' : 'btn btn-danger'} onClick={() => request.settle(true)}>
          {request.action}
        </button>
      </DialogActions>
    </dialog>
  );
}
