import type { CheckoutReturn } from './checkout-return';

interface Props {
  result: CheckoutReturn;
  /** some license still waits for its payment to be confirmed */
  confirming: boolean;
  onDismiss: () => void;
}

/** The notice after coming back from the payment page (?checkout=success or ?checkout=cancelled). */
export function CheckoutNotice({ result, confirming, onDismiss }: Props) {
  const ok = result === 'success';
  return (
    <div className={`lic-notice ${ok ? 'lic-notice-ok' : 'lic-notice-warn'}`} role="status" data-testid="checkout-notice">
      <div>
        <strong>{ok ? 'Payment complete' : 'Payment cancelled'}</strong>
        <p>
          {ok
            ? confirming
              ? 'Thank you. We are confirming your payment; your license becomes active and its key appears below in a moment.'
              : 'Thank you. Your license is active and its key is ready below.'
            : 'Nothing was charged. Your license is still waiting for payment: use Pay Now to try again or to pay by bank transfer.'}
        </p>
      </div>
      <button type="button" className="btn btn-small" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
