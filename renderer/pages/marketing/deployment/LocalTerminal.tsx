import { lazy, Suspense, useState } from 'react';
import { platform } from '../../../platform/index';

const TerminalPanel = lazy(() => import('../../../shell/terminal/TerminalPanel'));

/**
 * Desktop app only: a real shell on this computer to paste the install command into. The web
 * build cannot open one, so it shows nothing here.
 */
export function LocalTerminal() {
  const [open, setOpen] = useState(false);
  if (!platform.openLocalTerminal) return null;
  return (
    <div className="install-local-terminal">
      {open ? (
        <Suspense fallback={<p className="muted">Loading the terminal…</p>}>
          <TerminalPanel deploymentId="local" deploymentName="this computer" autoOpened={false} onClose={() => setOpen(false)} />
        </Suspense>
      ) : (
        <button type="button" className="btn" onClick={() => setOpen(true)}>
          Open a local terminal
        </button>
      )}
    </div>
  );
}
