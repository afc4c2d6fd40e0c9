import type { Logger } from 'pino';
import { WebSocket } from 'ws';
import type { Clock } from '../clock';
import type { MachineTarget, Provider, ShellSession } from '../deployments/providers/types';
import type { Credential } from './authorise';
import { errorMessage } from './error-message';
import { openShellWhenReachable } from './open-shell';
import type { TerminalOptions } from './options';
import { closeCodes, parseResize, shortReason } from './protocol';
import { Scrollback } from './scrollback';

export type Kind = 'shell' | 'install';

export interface Session {
  key: string;
  deploymentId: string;
  /** the person who opened it */
  userId: string;
  /** the account the deployment belongs to (the person's own, or a team's) */
  accountId: string;
  kind: Kind;
  /** of the socket attached last */
  credential: Credential;
  scrollback: Scrollback;
  /** settles once the shell is open (or could not be opened) */
  ready: Promise<void>;
  shell?: ShellSession;
  socket?: WebSocket;
  /** while no socket is attached: when the shell is ended, in epoch ms on the injected clock */
  graceEndsAt?: number;
  /** ends the grace period in real time too, should the injected clock stand still */
  graceTimer?: NodeJS.Timeout;
  /** the size the client asked for last */
  size: { rows: number; cols: number };
  /** typed before the shell was open */
  input: string[];
  inputChars: number;
  /** output read in this turn of the event loop, sent as one frame */
  outbox: string[];
  /** output is waiting on the socket */
  backpressure: boolean;
  paused: boolean;
  ended: boolean;
}

export interface ShellRequest {
  userId: string;
  accountId: string;
  deploymentId: string;
  kind: Kind;
  credential: Credential;
  provider: Pick<Provider, 'openShell'>;
  target: MachineTarget;
}

export interface SessionRegistryDeps {
  logger: Logger;
  clock: Clock;
  options: Pick<TerminalOptions, 'graceMs' | 'scrollbackChars' | 'highWaterMark' | 'lowWaterMark' | 'maxPendingInput' | 'machineWaitMs' | 'openRetryMs'>;
}

export interface SessionRegistry {
  /** the user's shell of that kind on the deployment: the one still running (`resumed`), or a new one, in its grace period until a socket attaches */
  shellFor(request: ShellRequest): { session: Session; resumed: boolean };
  /** the socket becomes the shell's (closing the one it had): it gets the recent output, then the live output */
  attach(s: Session, ws: WebSocket, credential: Credential): void;
  /** the socket went away: the shell waits its grace period for a reconnect */
  detach(s: Session, ws: WebSocket): void;
  /** a frame from the attached socket: text is typing, the 4-byte binary frame a resize */
  frame(s: Session, ws: WebSocket, data: Buffer, isBinary: boolean): void;
  /** closes the socket with the code and reason, and kills the shell with everything it started */
  terminate(s: Session, code: number, reason: string): void;
  /** ends the shells whose grace period is over on the injected clock */
  endGracePeriodsOver(): void;
  /** kills every shell */
  endAll(why: string): void;
  /** live shells, attached or waiting for a reconnect */
  live(): Session[];
}

/**
 * The shells, kept across reconnects: one per user, deployment and kind (`shell`, or `install` for
 * the auto-opened terminal that follows the install log first). A dropped socket leaves its shell
 * running for a grace period, so a reconnect replays the recent output and carries on; then the
 * shell is killed.
 */
export function createSessionRegistry({ logger: log, clock, options: o }: SessionRegistryDeps): SessionRegistry {
  const sessions = new Map<string, Session>();

  /** paused while nobody watches or while the socket is behind */
  function updateFlow(s: Session) {
    if (!s.shell || s.ended) return;
    const pause = !s.socket || s.backpressure;
    if (pause === s.paused) return;
    s.paused = pause;
    if (pause) s.shell.pause?.();
    else s.shell.resume?.();
  }

  function stopGrace(s: Session) {
    clearTimeout(s.graceTimer);
    s.graceTimer = undefined;
    s.graceEndsAt = undefined;
  }

  function forget(s: Session) {
    s.ended = true;
    stopGrace(s);
    if (sessions.get(s.key) === s) sessions.delete(s.key);
  }

  /** kills the shell (now, or as soon as it is open) */
  function end(s: Session, why: string) {
    if (s.ended) return;
    forget(s);
    if (s.shell) {
      // A paused pty would never report its exit.
      s.shell.resume?.();
      s.shell.kill();
    }
    log.info({ deploymentId: s.deploymentId, user: s.userId, kind: s.kind, why }, 'terminal shell ended');
  }

  function terminate(s: Session, code: number, reason: string) {
    if (s.ended) return;
    const socket = s.socket;
    s.socket = undefined;
    end(s, reason);
    if (socket?.readyState === WebSocket.OPEN || socket?.readyState === WebSocket.CONNECTING) socket.close(code, reason);
  }

  const graceOver = (s: Session) => end(s, `no reconnect within ${o.graceMs} ms`);

  function startGrace(s: Session) {
    clearTimeout(s.graceTimer);
    s.graceEndsAt = clock.now().getTime() + o.graceMs;
    s.graceTimer = setTimeout(() => graceOver(s), o.graceMs);
    s.graceTimer.unref();
  }

  function send(s: Session, ws: WebSocket, text: string) {
    ws.send(text, () => {
      if (s.backpressure && s.socket === ws && ws.bufferedAmount <= o.lowWaterMark) {
        s.backpressure = false;
        updateFlow(s);
      }
    });
    if (!s.backpressure && ws.bufferedAmount > o.highWaterMark) {
      s.backpressure = true;
      updateFlow(s);
    }
  }

  /**
   * Shell output (and the bridge's own notices): kept for a replay and sent. A pty hands over at
   * most a few KiB per read, so what arrives in one turn of the event loop goes out as one frame.
   */
  function output(s: Session, chunk: string) {
    s.scrollback.push(chunk);
    if (!s.socket) return;
    if (s.outbox.push(chunk) === 1) {
      setImmediate(() => {
        const text = s.outbox.join('');
        s.outbox = [];
        if (text && s.socket?.readyState === WebSocket.OPEN) send(s, s.socket, text);
      });
    }
  }

  function open(key: string, { userId, accountId, deploymentId, kind, credential, provider, target }: ShellRequest): Session {
    const s: Session = {
      key,
      userId,
      accountId,
      deploymentId,
      kind,
      credential,
      scrollback: new Scrollback(o.scrollbackChars),
      ready: Promise.resolve(),
      size: { rows: 24, cols: 80 },
      input: [],
      inputChars: 0,
      outbox: [],
      backpressure: false,
      paused: false,
      ended: false,
    };
    sessions.set(key, s);
    // Nobody is attached yet: the grace period runs until someone is.
    startGrace(s);
    const opening = openShellWhenReachable({
      provider,
      target,
      options: () => ({ ...s.size, followInstall: kind === 'install' }),
      clock,
      waitMs: o.machineWaitMs,
      retryMs: o.openRetryMs,
      wanted: () => !s.ended,
      onWaiting: (notice) => output(s, notice),
    });
    s.ready = opening.then(
      (shell) => {
        s.shell = shell;
        if (s.ended) {
          shell.kill();
          return;
        }
        shell.onData((chunk) => output(s, chunk));
        shell.onExit((code) => {
          const socket = s.socket;
          s.socket = undefined;
          if (!s.ended) {
            forget(s);
            log.info({ deploymentId, user: userId, kind, code }, 'terminal shell exited');
          }
          socket?.close(closeCodes.normal, code === null ? 'Shell closed' : `Shell exited with code ${code}`);
        });
        // What happened while it was opening: the size the client asked for, and typing.
        shell.resize(s.size.rows, s.size.cols);
        for (const text of s.input.splice(0)) shell.write(text);
        s.inputChars = 0;
        updateFlow(s);
      },
      (err: unknown) => {
        const socket = s.socket;
        s.socket = undefined;
        forget(s);
        log.warn({ deploymentId, user: userId, kind, err: errorMessage(err) }, 'terminal shell could not be opened');
        if (socket?.readyState === WebSocket.OPEN) socket.close(closeCodes.internal, shortReason(`Could not open a shell: ${errorMessage(err)}`));
      },
    );
    return s;
  }

  return {
    shellFor(request) {
      const key = `${request.userId}:${request.deploymentId}:${request.kind}`;
      const existing = sessions.get(key);
      return { session: existing ?? open(key, request), resumed: !!existing };
    },

    attach(s, ws, credential) {
      const previous = s.socket;
      s.socket = ws;
      s.credential = credential;
      s.backpressure = false;
      // The replay below holds everything read so far, including output not yet flushed.
      s.outbox = [];
      stopGrace(s);
      if (previous && previous !== ws) previous.close(closeCodes.replaced, 'Terminal opened in another window');
      const recent = s.scrollback.text();
      if (recent) send(s, ws, recent);
      updateFlow(s);
    },

    detach(s, ws) {
      if (s.socket !== ws) return;
      s.socket = undefined;
      s.backpressure = false;
      s.outbox = [];
      if (s.ended) return;
      startGrace(s);
      updateFlow(s);
    },

    frame(s, ws, data, isBinary) {
      if (s.socket !== ws || s.ended) return;
      if (!isBinary) {
        const text = data.toString('utf8');
        if (s.shell) return s.shell.write(text);
        s.inputChars += text.length;
        if (s.inputChars > o.maxPendingInput) ws.close(closeCodes.policy, 'Too much input before the terminal was ready');
        else s.input.push(text);
        return;
      }
      // Binary frames other than the resize message carry nothing we know: ignored.
      const size = parseResize(data);
      if (!size) return;
      s.size = size;
      s.shell?.resize(size.rows, size.cols);
    },

    terminate,

    endGracePeriodsOver() {
      const now = clock.now().getTime();
      for (const s of [...sessions.values()]) if (!s.socket && s.graceEndsAt !== undefined && s.graceEndsAt <= now) graceOver(s);
    },

    endAll(why) {
      for (const s of [...sessions.values()]) end(s, why);
    },

    live: () => [...sessions.values()],
  };
}
