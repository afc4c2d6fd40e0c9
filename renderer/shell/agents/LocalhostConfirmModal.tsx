import { useId } from 'react';
import { useModalDialog } from '../use-modal-dialog';
import { DialogActions } from '../DialogActions';
import { Link } from 'react-router-dom';
import { useBrand } from '../../app/use-brand';

interface Props {
  agentName: string;
  /** the local installation's address, http://localhost:8080 by default */
  baseUrl: string;
  guideHref: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** Before importing to Localhost: what must be true on this computer for the import page to open (spec 9 setup). */
export function LocalhostConfirmModal({ agentName, baseUrl, guideHref, onConfirm, onClose }: Props) {
  const ids = useId();
  const brand = useBrand();
  const { ref: dialog, onCancel } = useModalDialog(onClose);

  return (
    <dialog ref={dialog} className="dialog localhost-dialog" aria-labelledby={`${ids}-title`} data-testid="localhost-dialog" onCancel={onCancel}>
      <h2 id={`${ids}-title`}>Deploy {agentName} to Localhost</h2>
      <p className="muted">
        The agent opens in the {brand.name} installation on this computer at <code>{baseUrl}</code>. Before you continue, check that:
      </p>
      <ul className="requirements">
        <li>Docker is running {brand.name} on this computer, reachable on port 8080.</li>
        <li>You can sign in to that installation in this browser.</li>
        <li>The machine has at least 4 CPUs, 8GB of RAM and 50GB of free disk for the control plane.</li>
        <li>To run models locally, an NVIDIA GPU with 8GB+ of VRAM and 150GB+ of disk (or connect external model providers).</li>
      </ul>
      <p className="muted">
        Not installed yet?{' '}
        <Link to={guideHref} onClick={onClose}>
          Read the local deployment guide
        </Link>
        .
      </p>
      <DialogActions onClose={onClose}>
        <button type="button" className="btn btn-primary" onClick={onConfirm}>
          Import to Localhost
        </button>
      </DialogActions>
    </dialog>
  );
}
