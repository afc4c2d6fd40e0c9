import { usePaymentStep } from './use-payment-step';
import type { License } from '../../../shared/api/licenses';
import { cardPaymentMaxCents, formatCents } from '../../../shared/api/billing';
import { minEnterpriseUsers, quoteEnterprise } from '../../../shared/licenses/pricing';
import { goToCheckout } from './go-to-checkout';
import { BankTransferDetails } from './BankTransferDetails';
import { bankTransfer } from './bank-details';
import { LicensePayDialog } from './LicensePayDialog';
import { useLicenseCheckout } from '../../queries/licenses';
import { selectBankTransfer, useConfigStore } from '../../app/config-store';
import { ErrorAlert } from '../../shell/ErrorAlert';

interface Props {
  license: License;
  onClose: () => void;
}

/** The amount due; the server sends it for a pending license, the shared pricing module is the fallback. */
function amountDue(l: License): number {
  return l.amount_cents ?? quoteEnterprise({ users: l.users_limit ?? minEnterpriseUsers, gpus: l.gpus_limit ?? 0, support: l.support_level }).annualCents;
}

/** Pay Now: Credit Card (redirect to checkout) or Bank Transfer (details and the reference). */
export function PaymentModal({ license, onClose }: Props) {
  const { method, setMethod, title } = usePaymentStep();
  const checkout = useLicenseCheckout();
  const bank = useConfigStore(selectBankTransfer);
  const amount = formatCents(amountDue(license));
  // Card processors take at most $999,999.99 in one payment: above that, bank transfer is the way.
  const overCardLimit = amountDue(license) > cardPaymentMaxCents;

  const payByCard = () =>
    checkout.mutate(
      { license_id: license.id, users_limit: license.users_limit ?? minEnterpriseUsers, gpus_limit: license.gpus_limit ?? 0, support_level: license.support_level },
      { onSuccess: goToCheckout },
    );

  return (
    <LicensePayDialog
      license={license}
      onClose={onClose}
      testId="payment-modal"
      titleId="payment-title"
      titleRef={title}
      title={method === 'bank' ? 'Bank Transfer' : 'Pay for your license'}
      closeButton
      period=" · 1 year"
      amount={method === 'choose' ? { text: amount, testId: 'payment-amount' } : undefined}
    >
      {method === 'choose' && (
        <>
          <p className="muted">Choose how you would like to pay.</p>
          <div className="lic-pay-methods">
            <button type="button" className="surface stack lic-pay-method" onClick={payByCard} disabled={overCardLimit || checkout.isPending || checkout.isSuccess} data-testid="pay-by-card">
              <span className="lic-pay-method-name">Credit Card</span>
              <span className="muted">
                {overCardLimit
                  ? `Not available: ${amount} is more than a card payment can be (at most ${formatCents(cardPaymentMaxCents)}).${bank ? ' Please pay by bank transfer.' : ''}`
                  : checkout.isPending || checkout.isSuccess
                    ? 'Opening the secure checkout…'
                    : 'Pay securely online. Your license is activated as soon as the payment completes.'}
              </span>
            </button>
            {bank && (
              <button type="button" className="surface stack lic-pay-method" onClick={() => setMethod('bank')} disabled={checkout.isPending} data-testid="pay-by-bank">
                <span className="lic-pay-method-name">Bank Transfer</span>
                <span className="muted">Pay from your bank account. Activated within {bankTransfer.activation} of receipt.</span>
              </button>
            )}
          </div>
          <ErrorAlert error={checkout.error} what="Could not start the card payment" />
        </>
      )}

      {method === 'bank' && bank && <BankTransferDetails amount={amount} reference={license.wire_reference} accounts={bank.accounts} />}

      <div className="dialog-actions">
        {method === 'bank' && (
          <button type="button" className="btn" onClick={() => setMethod('choose')}>
            Back
          </button>
        )}
        <button type="button" className={method === 'bank' ? 'btn btn-primary' : 'btn'} onClick={onClose}>
          {method === 'bank' ? 'Done' : 'Cancel'}
        </button>
      </div>
    </LicensePayDialog>
  );
}
