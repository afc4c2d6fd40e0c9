import { usePaymentStep } from './use-payment-step';
import type { License } from '../../../shared/api/licenses';
import { formatCents } from '../../../shared/api/billing';
import { renewWindowDays } from '../../../shared/licenses/renewal';
import { formatDate } from '../../shell/licenses/format';
import { LicensePayDialog } from './LicensePayDialog';
import { useRenewByTransfer, useRenewLicense } from '../../queries/licenses';
import { goToCheckout } from './go-to-checkout';
import { ErrorAlert } from '../../shell/ErrorAlert';
import { BankTransferDetails } from './BankTransferDetails';
import { bankTransfer } from './bank-details';
import { selectBankTransfer, useConfigStore } from '../../app/config-store';

interface Props {
  license: License & { renewal: NonNullable<License['renewal']> };
  onClose: () => void;
}

/**
 * Renew: the same terms for another period, paid by card or, where BANK_* settings offer it, by bank
 * transfer (the same methods as Pay Now). A new license with a new key follows the old one once paid;
 * by transfer it waits in the list, with its own reference, until the transfer arrives.
 */
export function RenewModal({ license, onClose }: Props) {
  const renew = useRenewLicense();
  const byTransfer = useRenewByTransfer();
  const bank = useConfigStore(selectBankTransfer);
  const { method, setMethod, title } = usePaymentStep();
  const amount = formatCents(license.renewal.amount_cents);
  const busy = renew.isPending || renew.isSuccess;
  const payByCard = () => renew.mutate(license.id, { onSuccess: goToCheckout });
  const payByBank = () => byTransfer.mutate(license.id, { onSuccess: () => setMethod('bank') });
  const waiting = byTransfer.data;

  return (
    <LicensePayDialog
      license={license}
      onClose={onClose}
      testId="renew-modal"
      titleId="renew-title"
      titleRef={title}
      title={method === 'bank' ? 'Bank Transfer' : 'Renew your license'}
      note={
        <>
          {license.expires ? `Now until ${formatDate(license.expires)}; renewed until ` : 'Renewed until '}
          <strong data-testid="renew-until">{formatDate(license.renewal.until)}</strong>
        </>
      }
      amount={method === 'choose' ? { text: amount, testId: 'renew-amount' } : undefined}
    >
      {method === 'choose' && (
        <p className="muted">
          The same terms for another period. Once paid, a new license with a new key continues this one; set the new key on your installations before this one ends. Renewal opens {renewWindowDays}{' '}
          days before a license expires.
        </p>
      )}
      {method === 'choose' && bank && (
        <div className="lic-pay-methods">
          <button type="button" className="surface stack lic-pay-method" onClick={payByCard} disabled={busy || byTransfer.isPending} data-testid="renew-pay">
            <span className="lic-pay-method-name">Credit Card</span>
            <span className="muted">{busy ? 'Opening the secure checkout…' : `Pay ${amount} securely online. The new license is issued as soon as the payment completes.`}</span>
          </button>
          <button type="button" className="surface stack lic-pay-method" onClick={payByBank} disabled={busy || byTransfer.isPending} data-testid="renew-by-bank">
            <span className="lic-pay-method-name">Bank Transfer</span>
            <span className="muted">{byTransfer.isPending ? 'Preparing your reference…' : `Pay from your bank account. The new license is issued within ${bankTransfer.activation} of receipt.`}</span>
          </button>
        </div>
      )}
      {method === 'bank' && waiting && (
        <>
          <BankTransferDetails amount={formatCents(waiting.amount_cents ?? license.renewal.amount_cents)} reference={waiting.wire_reference} accounts={bank?.accounts ?? []} />
          <p className="muted" data-testid="renew-waiting">
            The renewing license {waiting.id} is in your list as Payment Pending until the transfer arrives; this license stays valid until it ends.
          </p>
        </>
      )}
      <ErrorAlert error={renew.error} what="Could not start the renewal" />
      <ErrorAlert error={byTransfer.error} what="Could not prepare the bank transfer" />

      <div className="dialog-actions">
        {method === 'bank' && (
          <button type="button" className="btn" onClick={() => setMethod('choose')}>
            Back
          </button>
        )}
        <button type="button" className={method === 'bank' ? 'btn btn-primary' : 'btn'} onClick={onClose}>
          {method === 'bank' ? 'Done' : 'Cancel'}
        </button>
        {!bank && (
          <button type="button" className="btn btn-primary" onClick={payByCard} disabled={busy} data-testid="renew-pay">
            {busy ? 'Opening the secure checkout…' : `Pay ${amount} by card`}
          </button>
        )}
      </div>
    </LicensePayDialog>
  );
}
