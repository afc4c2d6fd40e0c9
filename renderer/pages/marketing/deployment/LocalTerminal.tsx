import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { opensLocalTerminal } from '../../../../shared/desktop/local-terminal';
import { platform } from '../../../platform/index';
import { focusWhenShown } from '../../../shell/focus';

const TerminalPanel = lazy(() => import('../../../shell/terminal/TerminalPanel'));

/**
 * Desktop app only: a real shell on this computer to paste the install command into. The web
 * build cannot open one, so it shows nothing here.
 */
export function LocalTerminal() {
  // the desktop menu's File › Open a local terminal lands here with ?terminal=local: open it at once,
  // also when this page was already shown (main's load is then a same-document hash change)
  const menuAsked = opensLocalTerminal(useLocation().search);
  const [open, setOpen] = useState(menuAsked);
  useEffect(() => {
    if (menuAsked) setOpen(true);
  }, [menuAsked]);
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
