import { type FormEvent, useId, useState } from 'react';
import { useModalDialog } from '../../shell/use-modal-dialog';
import { DialogActions } from '../../shell/DialogActions';
import type { Deployment } from '../../../shared/api/deployments';
import { toast } from '../../shell/toast-store';
import { useReleases, useUpdateVersion } from '../../queries/deployments';
import { useBrand } from '../../app/use-brand';

interface Props {
  deployment: Pick<Deployment, 'id' | 'name' | 'version'>;
  onClose: () => void;
}

/** Edit Version: every released version, Cancel and Update Version; a version update needs a version. */
export function EditVersionDialog({ deployment, onClose }: Props) {
  const ids = useId();
  const brand = useBrand();
  const releases = useReleases(true);
  const update = useUpdateVersion();
  const { ref: dialog, onCancel } = useModalDialog(onClose);
  const [picked, setPicked] = useState<string | undefined>(undefined);

  const versions = releases.data?.versions ?? [];
  const version = picked ?? (deployment.version && versions.includes(deployment.version) ? deployment.version : (releases.data?.default ?? versions[0] ?? ''));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!version) return;
    update.mutate(
      { id: deployment.id, version },
      {
        onSuccess: () => {
          toast({ kind: 'success', title: 'Version Updated', message: `${deployment.name} deployment updated to version ${version} and may take a few minutes to be ready` });
          onClose();
        },
        onError: (err) => {
          console.error('Updating the version failed', err);
          toast({ kind: 'error', title: 'Version Update Failed', message: `Failed to update ${brand.name} version. Please try again.` });
        },
      },
    );
  };

  return (
    // The native dialog traps focus and closes on Escape (the cancel event).
    <dialog ref={dialog} className="dialog" aria-labelledby={`${ids}-title`} data-testid="edit-version-dialog" onCancel={onCancel}>
      <form method="dialog" onSubmit={onSubmit}>
        <h2 id={`${ids}-title`}>Edit Version</h2>
        <p className="muted">
          Choose the {brand.name} version for <strong>{deployment.name}</strong>. The deployment is upgraded in place.
        </p>
        <label className="field field-wide">
          <span>Version</span>
          <select value={version} onChange={(e) => setPicked(e.target.value)} disabled={releases.isPending} data-testid="version-select">
            {versions.length === 0 && <option value="">{releases.isPending ? 'Loading versions…' : 'No versions available'}</option>}
            {versions.map((v) => (
              <option key={v} value={v}>
                {v}
                {v === deployment.version ? ' (current)' : ''}
              </option>
            ))}
          </select>
        </label>
        <DialogActions onClose={onClose} submit={{ label: 'Update Version', busyLabel: 'Updating...', busy: update.isPending, disabled: !version }} />
      </form>
    </dialog>
  );
}
