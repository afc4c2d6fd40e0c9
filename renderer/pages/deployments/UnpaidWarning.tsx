import { Icon } from '../../shell/icons';
import { Link } from 'react-router-dom';
import { linkTo } from '../../routes/links';
import { graceLeftText } from './unpaid-grace';
import { useNow } from './use-now';
import { billingContract } from '../../../shared/api/billing';
import { useRoleRefusal } from '../../shell/account/use-role';
import './unpaid-warning.css';

/** The grace countdown of a deployment its balance cannot pay for, with the way out: Add Funds (or, for a role that may not pay, who can). */
export function UnpaidWarning({ deadline }: { deadline: string }) {
  const now = useNow(1000);
  // a member who cannot pay is told who can, not sent to a button they may not use
  const refusal = useRoleRefusal(billingContract.checkout);
  return (
    <p className="row-message row-warning" role="alert" data-testid="unpaid-warning">
      <Icon name="warning" size={16} /> Your balance cannot pay for the next hour: this deployment will be terminated <strong>{graceLeftText(deadline, now)}</strong> unless you add funds.{' '}
      {refusal ? (
        <span data-testid="role-refusal">{refusal}.</span>
      ) : (
        <Link to={linkTo('balance')} className="btn btn-small btn-primary">
          Add Funds
        </Link>
      )}
    </p>
  );
}
