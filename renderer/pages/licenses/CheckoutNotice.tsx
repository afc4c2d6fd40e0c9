import type { CheckoutReturn } from './checkout-return';
import { useBankOffered } from './payment-methods';

interface Props {
  result: CheckoutReturn;
  /** some license still waits for its payment to be confirmed */
  confirming: boolean;
  onDismiss: () => void;
}

const renewalText: Partial<Record<CheckoutReturn, { title: string; text: string }>> = {
  renewed: { title: 'Renewal complete', text: 'Thank you. The renewed license and its new key are in Your Licenses below; a notice has the details.' },
  'renewal-cancelled': { title: 'Renewal cancelled', text: 'Nothing was charged. Your license is unchanged: use Renew to try again.' },
};

/** The notice after coming back from the payment page (?checkout=success or ?checkout=cancelled; a renewal's own two). */
export function CheckoutNotice({ result, confirming, onDismiss }: Props) {
  const ok = result === 'success' || result === 'renewed';
  const renewal = renewalText[result];
  const bankOffered = useBankOffered();
  return (
    <div className={`lic-notice ${ok ? 'lic-notice-ok' : 'lic-notice-warn'}`} role="status" data-testid="checkout-notice">
      <div>
        <strong>{renewal ? renewal.title : ok ? 'Payment complete' : 'Payment cancelled'}</strong>
        <p>
          {renewal
            ? renewal.text
            : ok
              ? confirming
                ? 'Thank you. We are confirming your payment; your license becomes active and its key appears below in a moment.'
                : 'Thank you. Your license is active and its key is ready below.'
              : `Nothing was charged. Your license is still waiting for payment: use Pay Now to try again${bankOffered ? ' or to pay by bank transfer' : ''}.`}
        </p>
      </div>
      <button type="button" className="btn btn-small" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
