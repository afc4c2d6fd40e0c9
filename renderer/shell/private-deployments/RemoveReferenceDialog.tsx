import { useId } from 'react';
import { useModalDialog } from '../use-modal-dialog';
import { DialogActions } from '../DialogActions';
import { type PrivateDeployment, useRemovePrivateDeployment } from '../../queries/connected-deployments';

interface Props {
  deployment: Pick<PrivateDeployment, 'id' | 'name' | 'url'>;
  onClose: () => void;
}

/** Confirms removing a private deployment from the list: only the reference goes, the installation is untouched. */
export function RemoveReferenceDialog({ deployment, onClose }: Props) {
  const ids = useId();
  const { ref: dialog, onCancel } = useModalDialog(onClose);
  const remove = useRemovePrivateDeployment();

  // The dialog closes whether or not the removal succeeded (spec 8: delete errors are logged only).
  const confirm = () => remove.mutate(deployment.id, { onSettled: onClose });

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-body`} data-testid="remove-reference-dialog" onCancel={onCancel}>
      <h2 id={`${ids}-title`}>Remove deployment reference</h2>
      <div id={`${ids}-body`}>
        <p>
          Remove <strong>{deployment.name}</strong> from your private deployments?
        </p>
        <p className="muted">Only the reference is removed from this list. The deployment itself at {deployment.url} is not deleted and keeps running.</p>
      </div>
      <DialogActions onClose={onClose}>
        <button type="button" className="btn btn-danger" onClick={confirm} disabled={remove.isPending}>
          Remove Reference
        </button>
      </DialogActions>
    </dialog>
  );
}
