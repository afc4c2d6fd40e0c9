import { countdownName, countdownText, extendTimeoutOptions, timeoutLabel } from '../../../shared/deployments/timeouts';
import { useUpdateTimeout } from '../../queries/deployments';
import { useMenu } from '../../shell/use-menu';
import { useNow } from './use-now';
import { deploymentsContract } from '../../../shared/api/deployments';
import { defaultBrand } from '../../../shared/brand';
import { useRoleRefusal } from '../../shell/account/use-role';
import { announce } from '../../shell/announce';

const updateTimeoutRoute = deploymentsContract(defaultBrand).updateTimeout;

interface Props {
  deploymentId: string;
  createdAt: string;
  timeoutMins: number | null;
}

/** Never expires / "… remaining" / Terminating..., ticking every second; a click offers a new timeout. */
export function Countdown({ deploymentId, createdAt, timeoutMins }: Props) {
  const now = useNow(1000);
  const { open, box, buttonProps, menuProps, choose } = useMenu();
  const update = useUpdateTimeout();
  const refusal = useRoleRefusal(updateTimeoutRoute);
  const idle = update.isPending || refusal !== undefined;

  const text = countdownText(new Date(createdAt), timeoutMins, now);
  const tone = text === 'Never expires' ? 'forever' : text === 'Terminating...' ? 'ending' : 'ticking';

  const pick = (mins: number | null) => {
    choose();
    // The spec: a failed extension is only logged.
    update.mutate(
      { id: deploymentId, timeoutMins: mins },
      {
        onSuccess: () => announce(mins === null ? 'New timeout: never expires' : `New timeout: ${timeoutLabel(mins)} from now`),
        onError: (err) => console.error('Extending the timeout failed', err),
      },
    );
  };

  return (
    <div className="countdown-box" ref={box}>
      {/* The name changes once a minute, not every second, so a screen reader is not read the clock.
          aria-disabled, not disabled, so focus stays on the button while a new timeout is saved. */}
      <button
        type="button"
        className={`inset countdown countdown-${tone}`}
        data-testid="countdown"
        title={refusal ?? 'Set a new timeout'}
        {...buttonProps}
        aria-disabled={idle}
        onClick={idle ? undefined : buttonProps.onClick}
        onKeyDown={idle ? undefined : buttonProps.onKeyDown}
      >
        {/* The name is the sentence, not the ticking clock beside it (axe: the name then holds no visible text to mismatch). */}
        <span className="visually-hidden">{countdownName(new Date(createdAt), timeoutMins, now)}</span>
        <span aria-hidden="true" data-testid="countdown-time">
          {text}
        </span>
      </button>
      {open && (
        <div className="menu" aria-label="New timeout" {...menuProps}>
          <p className="menu-caption" aria-hidden="true">
            Run for (from now)
          </p>
          {extendTimeoutOptions.map((mins) => (
            <button key={String(mins)} type="button" role="menuitem" tabIndex={-1} className="menu-item" onClick={() => pick(mins)}>
              {timeoutLabel(mins)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
