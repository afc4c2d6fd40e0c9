import { Link } from 'react-router-dom';
import { linkTo } from '../routes/resolve';

/** Slot for the on-demand balance; the billing issue fills in the amount (polled every 10 s, animated). */
export function BalanceWidget() {
  return (
    <Link to={linkTo('balance')} className="balance-widget" data-testid="balance-widget" title="On-demand balance">
      <span className="balance-label hide-sm">Balance</span>
      <span className="balance-amount">—</span>
    </Link>
  );
}
