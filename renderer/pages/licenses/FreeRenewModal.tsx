import type { License } from '../../../shared/api/licenses';
import { formatDate } from '../../shell/licenses/format';
import { LicensePayDialog } from './LicensePayDialog';
import { useRenewFree } from '../../queries/licenses';
import { ErrorAlert } from '../../shell/ErrorAlert';
import { toast } from '../../shell/toast-store';

interface Props {
  license: License & { renewal: NonNullable<License['renewal']> };
  onClose: () => void;
}

/**
 * Renew a Community Edition license: free, so no payment step. Another year from its end, with a
 * new key; the old key keeps working until the old end. The revenue and staff terms still apply.
 */
export function FreeRenewModal({ license, onClose }: Props) {
  const renew = useRenewFree();
  const busy = renew.isPending || renew.isSuccess;
  const confirm = () =>
    renew.mutate(license.id, {
      onSuccess: (next) => {
        toast({
          kind: 'success',
          title: 'License renewed',
          message: `${next.organization_name}: the new license ${next.id} is valid until ${formatDate(next.expires ?? license.renewal.until)}. Its key is in Your Licenses.`,
        });
        onClose();
      },
    });

  return (
    <LicensePayDialog
      license={license}
      onClose={onClose}
      testId="renew-modal"
      titleId="renew-title"
      title="Renew your license"
      note={
        <>
          {license.expires ? `Now until ${formatDate(license.expires)}; renewed until ` : 'Renewed until '}
          <strong data-testid="renew-until">{formatDate(license.renewal.until)}</strong>
        </>
      }
      amount={{ text: 'Free', testId: 'renew-amount' }}
    >
      <p className="muted">
        Community Edition stays free for organizations with under $10M revenue and under 250 employees. Renewing gives a new license with a new key for another year; set it on your installations
        before this one ends.
      </p>
      <ErrorAlert error={renew.error} what="Could not renew the license" />
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={confirm} disabled={busy} data-testid="renew-free">
          {busy ? 'Renewing…' : 'Renew for free'}
        </button>
      </div>
    </LicensePayDialog>
  );
}
