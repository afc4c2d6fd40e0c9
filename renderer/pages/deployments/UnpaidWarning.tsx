import { Icon } from '../../shell/icons';
import { Link } from 'react-router-dom';
import { linkTo } from '../../routes/links';
import { graceLeftText } from './unpaid-grace';
import { useNow } from './use-now';
import './unpaid-warning.css';

/** The grace countdown of a deployment its balance cannot pay for, with the way out: Add Funds. */
export function UnpaidWarning({ deadline }: { deadline: string }) {
  const now = useNow(1000);
  return (
    <p className="row-message row-warning" role="alert" data-testid="unpaid-warning">
      <Icon name="warning" size={16} /> Your balance cannot pay for the next hour: this deployment will be terminated <strong>{graceLeftText(deadline, now)}</strong> unless you add funds.{' '}
      <Link to={linkTo('balance')} className="btn btn-small btn-primary">
        Add Funds
      </Link>
    </p>
  );
}
