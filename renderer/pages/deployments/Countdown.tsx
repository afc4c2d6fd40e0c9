import { useCallback, useRef, useState } from 'react';
import { countdownText, extendTimeoutOptions, timeoutLabel } from '../../../shared/deployments/timeouts';
import { useUpdateTimeout } from '../../queries/deployments';
import { useDismiss } from '../../shell/use-dismiss';
import { useNow } from './use-now';

interface Props {
  deploymentId: string;
  createdAt: string;
  timeoutMins: number | null;
}

/** Never expires / "… remaining" / Terminating..., ticking every second; a click offers a new timeout. */
export function Countdown({ deploymentId, createdAt, timeoutMins }: Props) {
  const now = useNow(1000);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(box, open, close);
  const update = useUpdateTimeout();

  const text = countdownText(new Date(createdAt), timeoutMins, now);
  const tone = text === 'Never expires' ? 'forever' : text === 'Terminating...' ? 'ending' : 'ticking';

  const choose = (mins: number | null) => {
    setOpen(false);
    // The spec: a failed extension is only logged.
    update.mutate({ id: deploymentId, timeoutMins: mins }, { onError: (err) => console.error('Extending the timeout failed', err) });
  };

  return (
    <div className="countdown-box" ref={box}>
      <button
        type="button"
        className={`inset countdown countdown-${tone}`}
        data-testid="countdown"
        aria-haspopup="menu"
        aria-expanded={open}
        title="Set a new timeout"
        disabled={update.isPending}
        onClick={() => setOpen((o) => !o)}
      >
        {text}
      </button>
      {open && (
        <div className="menu" role="menu" aria-label="New timeout">
          <p className="menu-caption">Run for (from now)</p>
          {extendTimeoutOptions.map((mins) => (
            <button key={String(mins)} type="button" role="menuitem" className="menu-item" onClick={() => choose(mins)}>
              {timeoutLabel(mins)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
