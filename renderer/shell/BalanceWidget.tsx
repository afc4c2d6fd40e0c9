import { Link } from 'react-router-dom';
import { formatCents } from '../../shared/api/billing';
import { linkTo } from '../routes/links';
import './balance-widget.css';
import { isRunningLow, runtimeLeftText } from './runtime-left';
import { useAnimatedNumber } from './use-animated-number';
import { useBalance, useBalanceRefreshEvent } from '../queries/billing';

/**
 * The header's on-demand balance (signed-in only): polled every 10 s, refetched on the internal
 * refresh event, animating to each new value over 500 ms; the tooltip tells the runtime left.
 */
export function BalanceWidget() {
  useBalanceRefreshEvent();
  const { data, isError } = useBalance();
  const shown = useAnimatedNumber(data?.balance_cents);
  const low = data ? isRunningLow(data.runtime_left_minutes, data.balance_cents) : false;
  const title = data
    ? `On-demand balance ${formatCents(data.balance_cents)}. ${runtimeLeftText(data.runtime_left_minutes, data.hourly_burn_cents)}`
    : isError
      ? 'The balance could not be loaded'
      : 'On-demand balance';

  return (
    <Link to={linkTo('balance')} className={`balance-widget${low ? ' is-low' : ''}`} data-testid="balance-widget" title={title}>
      <span className="balance-label hide-sm">Balance</span>
      <span className="balance-amount" data-testid="balance-widget-amount">
        {shown === undefined ? '—' : formatCents(shown)}
      </span>
    </Link>
  );
}
