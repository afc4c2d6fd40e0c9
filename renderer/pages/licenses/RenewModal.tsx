import type { License } from '../../../shared/api/licenses';
import { formatCents } from '../../../shared/api/billing';
import { renewWindowDays } from '../../../shared/licenses/renewal';
import { formatDate } from '../../shell/licenses/format';
import { LicensePayDialog } from './LicensePayDialog';
import { useRenewLicense } from '../../queries/licenses';
import { goToCheckout } from './go-to-checkout';
import { ErrorAlert } from '../../shell/ErrorAlert';

interface Props {
  license: License & { renewal: NonNullable<License['renewal']> };
  onClose: () => void;
}

/** Renew: the same terms for another period, paid by card; a new license with a new key follows the old one. */
export function RenewModal({ license, onClose }: Props) {
  const renew = useRenewLicense();
  const amount = formatCents(license.renewal.amount_cents);
  const busy = renew.isPending || renew.isSuccess;

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
      amount={{ text: amount, testId: 'renew-amount' }}
    >
      <p className="muted">
        The same terms for another period. Once paid, a new license with a new key continues this one; set the new key on your installations before this one ends. Renewal opens {renewWindowDays} days
        before a license expires.
      </p>
      <ErrorAlert error={renew.error} what="Could not start the renewal" />

      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={() => renew.mutate(license.id, { onSuccess: goToCheckout })} disabled={busy} data-testid="renew-pay">
          {busy ? 'Opening the secure checkout…' : `Pay ${amount} by card`}
        </button>
      </div>
    </LicensePayDialog>
  );
}
