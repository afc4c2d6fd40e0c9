import { useNavigate } from 'react-router-dom';
import { linkTo } from '../../routes/links';
import { usePayerLabel } from '../../shell/account/use-role';

const texts = {
  success: { title: 'Payment received', body: (payer: string) => `Thank you. The funds are added to ${payer} as soon as the payment is confirmed, usually within seconds.` },
  cancelled: { title: 'Checkout cancelled', body: () => 'No payment was taken. You can add funds whenever you are ready.' },
} as const;

/** The notice on the return from a payment page (`/balance?checkout=success|cancelled`). */
export function CheckoutNotice({ outcome }: { outcome: 'success' | 'cancelled' | undefined }) {
  const navigate = useNavigate();
  const payer = usePayerLabel();
  if (!outcome) return null;
  const t = texts[outcome];
  return (
    <div className={`notice spread-top checkout-notice notice-${outcome}`} role="status" data-testid="checkout-notice" data-outcome={outcome}>
      <div>
        <strong>{t.title}</strong>
        <p>{t.body(payer ?? 'the account')}</p>
      </div>
      <button type="button" className="btn btn-small" onClick={() => void navigate(linkTo('balance'), { replace: true })}>
        Dismiss
      </button>
    </div>
  );
}
