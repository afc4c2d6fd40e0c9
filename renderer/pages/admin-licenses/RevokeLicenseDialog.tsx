import { type FormEvent, useId, useState } from 'react';
import type { License } from '../../../shared/api/licenses';
import { DialogActions } from '../../shell/DialogActions';
import { toast } from '../../shell/toast-store';
import { useModalDialog } from '../../shell/use-modal-dialog';
import { useRevokeLicense } from '../../queries/licenses';
import { ErrorAlert } from '../../shell/ErrorAlert';

/** Revokes an issued licence with a required reason; says when installations start refusing it (interop: offline denylist). */
export function RevokeLicenseDialog({ license, onClose }: { license: License; onClose: () => void }) {
  const ids = useId();
  const { ref, onCancel } = useModalDialog(onClose);
  const [reason, setReason] = useState('');
  const revoke = useRevokeLicense();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim() === '' || revoke.isPending) return;
    revoke.mutate(
      { id: license.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ kind: 'success', title: 'License revoked', message: `${license.organization_name}: copy its hash from Revoked license hashes into the platform's next release.` });
          onClose();
        },
      },
    );
  };

  return (
    <dialog ref={ref} className="dialog adm-lic-dialog" aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-body`} data-testid="revoke-license-dialog" onCancel={onCancel}>
      <form onSubmit={submit}>
        <h2 id={`${ids}-title`}>Revoke license</h2>
        <div id={`${ids}-body`}>
          <p>
            Revoke <code>{license.id}</code> for <strong>{license.organization_name}</strong> ({license.user_email})?
          </p>
          <p className="muted">
            Installations check revocation offline: they refuse this key from the platform&apos;s next release that carries its hash. Paste the lines under Revoked license hashes into{' '}
            <code>revokedLicenseIDHashes</code> in <code>api/pkg/license/license.go</code>. The licensee is told, with your reason.
          </p>
        </div>
        <label className="field">
          <span>Reason (required)</span>
          <textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} required autoFocus data-testid="revoke-reason" />
        </label>
        <ErrorAlert error={revoke.error} />
        <DialogActions onClose={onClose} submit={{ label: 'Revoke License', busyLabel: 'Revoking...', busy: revoke.isPending, disabled: reason.trim() === '', danger: true }} />
      </form>
    </dialog>
  );
}
