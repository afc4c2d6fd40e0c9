import '@xterm/xterm/css/xterm.css';
import './terminal.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useAccountStore } from '../../auth/account-store';
import { refreshIfNeeded } from '../../auth/session';
import { useAuthStore } from '../../auth/store';
import { platform } from '../../platform/index';
import { createAutoClose } from './auto-close';
import { terminalHandlers, terminalMessages } from './connection-messages';
import { createExitKeys, terminalExitHint } from './exit-keys';
import { focusIsWithin, nextTabbableAfter } from '../focus';

/** Props contract of the deployment terminal panel (implemented by the terminal work). */
export interface TerminalPanelProps {
  /** a deployment's machine, or `local`: a shell on this computer (desktop app only) */
  deploymentId: string | 'local';
  deploymentName: string;
  /** opened automatically after a create: closes itself 2 s after the output shows "Cloud-init" and "finished" */
  autoOpened: boolean;
  onClose(): void;
  /** where focus goes when the panel closes while it had focus (the control that opens it) */
  returnFocus?(): void;
}

/** The signed-in session's access token, renewed first when it is about to expire. */
async function currentAccessToken(): Promise<string | undefined> {
  await refreshIfNeeded();
  return useAuthStore.getState().session?.accessToken;
}

const theme = {
  background: '#0b0f17',
  foreground: '#e6ebf5',
  cursor: '#8aa3ff',
  selectionBackground: 'rgba(108, 140, 255, 0.35)',
};

/**
 * A shell on the deployment's machine in xterm.js (loaded with this chunk, on first open). The
 * terminal fits its box and tells the server its size; an auto-opened panel first shows the
 * install log and closes itself once the install has finished.
 */
export default function TerminalPanel({ deploymentId, deploymentName, autoOpened, onClose, returnFocus }: TerminalPanelProps) {
  const hintId = useId();
  const [fullscreen, setFullscreen] = useState(false);
  const [state, setState] = useState<'loading' | 'connecting' | 'open' | 'closed' | 'failed'>('loading');
  const panelRef = useRef<HTMLElement>(null);
  const outputRef = useRef<HTMLDivElement>(null);
  const fullscreenButton = useRef<HTMLButtonElement>(null);
  const fullscreenRef = useRef(fullscreen);
  const refit = useRef<() => void>(() => undefined);
  const closeRef = useRef<() => void>(() => undefined);

  // Closing removes the focused control: hand focus back rather than dropping it on <body>.
  useEffect(() => {
    closeRef.current = () => {
      const hadFocus = focusIsWithin(panelRef.current);
      onClose();
      if (hadFocus) returnFocus?.();
    };
  }, [onClose, returnFocus]);
  useEffect(() => {
    fullscreenRef.current = fullscreen;
  }, [fullscreen]);

  useEffect(() => {
    let disposed = false;
    let cleanup = () => {};
    void (async () => {
      const [{ Terminal }, { FitAddon }] = await Promise.all([import('@xterm/xterm'), import('@xterm/addon-fit')]);
      const host = outputRef.current;
      if (disposed || !host) return;
      const term = new Terminal({
        cursorBlink: true,
        fontFamily: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
        fontSize: 13,
        scrollback: 5000,
        theme,
      });
      cleanup = () => term.dispose();
      const fit = new FitAddon();
      term.loadAddon(fit);
      term.open(host);
      term.textarea?.setAttribute('aria-describedby', hintId);
      const exitKeys = createExitKeys();
      term.attachCustomKeyEventHandler((event) => {
        const toShell = exitKeys.handle(event);
        // Fullscreen covers the page, so the way forward is the panel's own header; otherwise the
        // next control, found here: past the page's last one the browser would drop focus on <body>.
        const panel = panelRef.current;
        if (!toShell && !event.shiftKey && panel) {
          event.preventDefault();
          (fullscreenRef.current ? fullscreenButton.current : nextTabbableAfter(panel))?.focus();
        }
        return toShell;
      });
      const fitNow = () => {
        // Fitting a hidden or detached box throws or yields nothing: keep the last size then.
        try {
          if (host.clientWidth > 0 && host.clientHeight > 0) fit.fit();
        } catch {
          // ignore
        }
      };
      fitNow();
      refit.current = () => {
        fitNow();
        term.focus();
      };

      const autoClose = autoOpened ? createAutoClose(() => closeRef.current()) : undefined;
      const local = deploymentId === 'local';
      const token = useAuthStore.getState().session?.accessToken;
      if (local && !platform.openLocalTerminal) {
        term.writeln('A local terminal needs the desktop app.');
        setState('closed');
        return;
      }
      if (!local && !token) {
        term.writeln(terminalMessages.failed);
        term.writeln('Sign in to open a terminal.');
        setState('closed');
        return;
      }
      setState('connecting');
      // The socket reports its close after the panel is gone; by then there is nothing to write to.
      const handlers = terminalHandlers({
        write: (text) => {
          if (!disposed) term.write(text);
        },
        onOpen: () => {
          if (disposed) return;
          setState('open');
          fitNow();
          connection.resize(term.rows, term.cols);
        },
        onOutput: (chunk) => autoClose?.push(chunk),
      });
      const panelHandlers = {
        ...handlers,
        onClose: (reason: string) => {
          handlers.onClose(reason);
          if (!disposed) setState('closed');
        },
      };
      const connection =
        local && platform.openLocalTerminal
          ? platform.openLocalTerminal(panelHandlers)
          : platform.openTerminal(deploymentId, token ?? '', panelHandlers, {
              followInstall: autoOpened,
              freshToken: currentAccessToken,
              // the account the tab acts in when it opened: a team's deployment is reached as its member
              account: useAccountStore.getState().teamId,
            });
      const input = term.onData((data) => connection.send(data));
      const resized = term.onResize(({ rows, cols }) => connection.resize(rows, cols));
      const observer = new ResizeObserver(() => fitNow());
      observer.observe(host);
      // Opened by hand: typing goes straight in. Opened by a create, it must not take the focus from what the user is doing.
      if (!autoOpened) term.focus();

      cleanup = () => {
        autoClose?.cancel();
        observer.disconnect();
        input.dispose();
        resized.dispose();
        connection.close();
        term.dispose();
      };
    })().catch((err: unknown) => {
      console.error('The terminal could not be loaded', err);
      if (!disposed) setState('failed');
    });
    return () => {
      disposed = true;
      refit.current = () => undefined;
      cleanup();
    };
  }, [deploymentId, autoOpened, hintId]);

  // The box changes size with the mode (the observer sees that too); typing goes on in the terminal.
  useEffect(() => {
    refit.current();
  }, [fullscreen]);

  return (
    <section ref={panelRef} className={`terminal-panel${fullscreen ? ' is-fullscreen' : ''}`} data-testid="terminal-panel" data-state={state} aria-label={`Terminal: ${deploymentName}`}>
      <header className="terminal-header">
        <span className={`terminal-dot is-${state}`} aria-hidden="true" />
        <h4 className="terminal-title">
          Terminal: <span className="terminal-name">{deploymentName}</span>
        </h4>
        {state === 'loading' && <span className="muted terminal-status">Loading…</span>}
        {state === 'failed' && <span className="terminal-status terminal-error">The terminal could not be loaded. Reload the page to try again.</span>}
        <div className="terminal-actions">
          <button ref={fullscreenButton} type="button" className="btn btn-small" onClick={() => setFullscreen((f) => !f)} aria-pressed={fullscreen}>
            {fullscreen ? 'Exit Fullscreen' : 'Fullscreen'}
          </button>
          <button type="button" className="btn btn-small" onClick={() => closeRef.current()}>
            Close
          </button>
        </div>
      </header>
      <div className="terminal-output" data-testid="terminal-output" ref={outputRef} />
      <p className="terminal-hint" id={hintId} data-testid="terminal-hint">
        {terminalExitHint}
      </p>
    </section>
  );
}
