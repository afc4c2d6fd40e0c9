import { lazy, Suspense, useRef, useState } from 'react';
import { platform } from '../../../platform/index';
import { focusWhenShown } from '../../../shell/focus';

const TerminalPanel = lazy(() => import('../../../shell/terminal/TerminalPanel'));

/**
 * Desktop app only: a real shell on this computer to paste the install command into. The web
 * build cannot open one, so it shows nothing here.
 */
export function LocalTerminal() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!platform.openLocalTerminal) return null;
  return (
    <div className="install-local-terminal">
      {open ? (
        <Suspense fallback={<p className="muted">Loading the terminal…</p>}>
          <TerminalPanel deploymentId="local" deploymentName="this computer" autoOpened={false} onClose={() => setOpen(false)} returnFocus={() => focusWhenShown(() => opener.current)} />
        </Suspense>
      ) : (
        <button ref={opener} type="button" className="btn" onClick={() => setOpen(true)}>
          Open a local terminal
        </button>
      )}
    </div>
  );
}
