import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { decodeJwt } from 'jose';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { activeApiKeyId } from '../auth/api-keys/service';
import type { Authenticator } from '../auth/authenticate';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { AuthUser } from '../http/types';
import { targetOf } from '../deployments/machine';
import type { Providers } from '../deployments/providers/registry';
import { ProviderError, type MachineTarget, type Provider, type ShellSession } from '../deployments/providers/types';
import { findDeployment } from '../deployments/queries';
import { HttpError } from '../http/errors';
import { redactUrl } from '../http/logging';
import type { TerminalEnd, TerminalEnds } from './ends';
import { closeCodes, closeReasons, parseResize, terminalPathPattern } from './protocol';
import { stillStanding } from './queries';
import { Scrollback } from './scrollback';

export interface TerminalBridgeDeps {
  db: Db;
  logger: Logger;
  providers: Providers;
  authenticator: Authenticator;
  /** tells when access tokens have expired */
  clock: Clock;
  /** this instance's deletions and key revocations, heard at once */
  ends?: TerminalEnds;
}

export interface TerminalOptions {
  /** how long a shell outlives its dropped socket, waiting for a reconnect (default 30 s) */
  graceMs: number;
  /** recent output kept for a reconnect, in characters (default 64 KiB) */
  scrollbackChars: number;
  /** largest frame accepted from a client; bigger ones close the socket with 1009 (default 64 KiB) */
  maxPayload: number;
  /** output queued on a socket above which the shell is paused (default 1 MiB) ... */
  highWaterMark: number;
  /** ... and below which it is resumed (default 256 KiB) */
  lowWaterMark: number;
  /** input a client may send before its shell is ready (default 256 KiB) */
  maxPendingInput: number;
  /** ping interval; a socket that missed a pong by the next ping is dropped (default 30 s) */
  heartbeatMs: number;
  /** how long to keep trying to reach a machine that refuses connections while it boots (default 5 min) ... */
  machineWaitMs: number;
  /** ... and the pause between tries (default 3 s) */
  openRetryMs: number;
  /**
   * how often the live terminals are checked against the database (default 1 s): a deployment
   * deleted or an API key revoked through another instance ends them, an expired token closes its socket
   */
  checkMs: number;
}

export const defaultTerminalOptions: TerminalOptions = {
  graceMs: 30_000,
  scrollbackChars: 64 * 1024,
  maxPayload: 64 * 1024,
  highWaterMark: 1024 * 1024,
  lowWaterMark: 256 * 1024,
  maxPendingInput: 256 * 1024,
  heartbeatMs: 30_000,
  machineWaitMs: 5 * 60_000,
  openRetryMs: 3000,
  checkMs: 1000,
};

export interface TerminalStats {
  /** live shells, attached or waiting for a reconnect */
  sessions: number;
  /** shells without a socket, inside their grace period */
  detached: number;
  /** attached shells held back because their socket is behind (flow control) */
  throttled: number;
  /** open terminal sockets */
  connections: number;
}

export interface TerminalBridge {
  /** the http server's `upgrade` listener: terminal paths become WebSockets, anything else gets a 404 */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  stats(): TerminalStats;
  /** checks the live terminals against the database now (also done every `checkMs`) */
  check(): Promise<void>;
  /** closes every socket and kills every shell */
  close(): Promise<void>;
}

type Kind = 'shell' | 'install';

/** What the socket attached to a shell signed in with; its revocation ends the shell. */
type Credential = { via: 'api-key'; apiKeyId: string } | { via: 'token'; /** epoch ms of `exp`, when the token has one */ expiresAt: number | undefined };

interface Session {
  key: string;
  deploymentId: string;
  userId: string;
  kind: Kind;
  /** of the socket attached last */
  credential: Credential;
  scrollback: Scrollback;
  /** settles once the shell is open (or could not be opened) */
  ready: Promise<void>;
  shell?: ShellSession;
  socket?: WebSocket;
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

const shortReason = (s: string) => (Buffer.byteLength(s) <= 120 ? s : `${Buffer.from(s).subarray(0, 117).toString('utf8').replace(/\uFFFD$/, '')}...`);

const toBuffer = (data: RawData): Buffer => (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data));

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Bridges browser WebSockets to provider shells (node-pty locally, SSH on cloud machines).
 * There is one shell per user, deployment and kind (`shell`, or `install` for the auto-opened
 * terminal that follows the install log first). A dropped socket leaves its shell running for a
 * grace period, so a reconnect replays the recent output and carries on; then the shell is killed.
 */
export function createTerminalBridge(deps: TerminalBridgeDeps, options: Partial<TerminalOptions> = {}): TerminalBridge {
  const o: TerminalOptions = { ...defaultTerminalOptions, ...options };
  const log = deps.logger.child({ component: 'terminal' });
  const wss = new WebSocketServer({ noServer: true, maxPayload: o.maxPayload, perMessageDeflate: false, clientTracking: false });
  const sessions = new Map<string, Session>();
  const connections = new Map<WebSocket, { alive: boolean }>();
  let closing = false;

  const heartbeat = setInterval(() => {
    for (const [ws, state] of connections) {
      if (!state.alive) {
        ws.terminate();
        continue;
      }
      state.alive = false;
      ws.ping();
    }
  }, o.heartbeatMs);
  heartbeat.unref();

  let checking: Promise<void> | undefined;
  const checker = setInterval(() => void check(), o.checkMs);
  checker.unref();
  const unlisten = deps.ends?.listen(heard);

  // ---------------------------------------------------------------------------------------------
  // Sessions

  /** paused while nobody watches or while the socket is behind */
  function updateFlow(s: Session) {
    if (!s.shell || s.ended) return;
    const pause = !s.socket || s.backpressure;
    if (pause === s.paused) return;
    s.paused = pause;
    if (pause) s.shell.pause?.();
    else s.shell.resume?.();
  }

  function forget(s: Session) {
    s.ended = true;
    clearTimeout(s.graceTimer);
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

  /** closes the socket with the code and reason, and kills the shell with everything it started */
  function terminate(s: Session, code: number, reason: string) {
    if (s.ended) return;
    const socket = s.socket;
    s.socket = undefined;
    end(s, reason);
    if (socket?.readyState === WebSocket.OPEN || socket?.readyState === WebSocket.CONNECTING) socket.close(code, reason);
  }

  function heard(e: TerminalEnd) {
    for (const s of [...sessions.values()]) {
      if ('deploymentId' in e && s.deploymentId === e.deploymentId) terminate(s, closeCodes.deploymentDeleted, closeReasons.deploymentDeleted);
      else if ('apiKeyId' in e && s.credential.via === 'api-key' && s.credential.apiKeyId === e.apiKeyId) terminate(s, closeCodes.credentialRevoked, closeReasons.apiKeyRevoked);
    }
  }

  /**
   * One query for all live terminals: a deleted deployment or a revoked API key ends them (also
   * when another instance did it); an expired access token closes its socket, and the shell waits
   * its grace period for a reconnect with a fresh token.
   */
  function check(): Promise<void> {
    checking ??= (async () => {
      const live = [...sessions.values()];
      if (live.length === 0) return;
      const deploymentIds = [...new Set(live.map((s) => s.deploymentId))];
      const apiKeyIds = [...new Set(live.flatMap((s) => (s.credential.via === 'api-key' ? [s.credential.apiKeyId] : [])))];
      let standing;
      try {
        standing = await stillStanding(deps.db, deploymentIds, apiKeyIds);
      } catch (err) {
        log.warn({ err: errorMessage(err) }, 'checking terminals against the database failed; will retry');
        return;
      }
      const now = deps.clock.now().getTime();
      for (const s of live) {
        if (s.ended) continue;
        if (!standing.deployments.has(s.deploymentId)) terminate(s, closeCodes.deploymentDeleted, closeReasons.deploymentDeleted);
        else if (s.credential.via === 'api-key' && !standing.apiKeys.has(s.credential.apiKeyId)) terminate(s, closeCodes.credentialRevoked, closeReasons.apiKeyRevoked);
        else if (s.credential.via === 'token' && s.credential.expiresAt !== undefined && s.credential.expiresAt <= now && s.socket) {
          log.info({ deploymentId: s.deploymentId, user: s.userId, kind: s.kind }, 'terminal sign-in expired');
          s.socket.close(closeCodes.signInExpired, closeReasons.signInExpired);
        }
      }
    })().finally(() => (checking = undefined));
    return checking;
  }

  function startGrace(s: Session) {
    clearTimeout(s.graceTimer);
    s.graceTimer = setTimeout(() => end(s, `no reconnect within ${o.graceMs} ms`), o.graceMs);
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

  /** A machine that is still booting refuses SSH for a while: keep trying until it answers. */
  async function openShell(s: Session, provider: Provider, target: MachineTarget): Promise<ShellSession> {
    const deadline = Date.now() + o.machineWaitMs;
    let noticed = false;
    for (;;) {
      try {
        return await provider.openShell(target, { ...s.size, followInstall: s.kind === 'install' });
      } catch (err) {
        if (s.ended || !(err instanceof ProviderError && err.retryable) || Date.now() + o.openRetryMs > deadline) throw err;
        if (!noticed) output(s, `Waiting for the machine to accept connections (${errorMessage(err)}) ...\r\n`);
        noticed = true;
        await new Promise((resolve) => setTimeout(resolve, o.openRetryMs));
        if (s.ended) throw new Error('the terminal was closed', { cause: err });
      }
    }
  }

  function openSession(key: string, userId: string, deploymentId: string, kind: Kind, credential: Credential, provider: Provider, target: MachineTarget): Session {
    const s: Session = {
      key,
      userId,
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
    s.ready = openShell(s, provider, target).then(
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

  function attach(s: Session, ws: WebSocket, credential: Credential) {
    const previous = s.socket;
    s.socket = ws;
    s.credential = credential;
    s.backpressure = false;
    // The replay below holds everything read so far, including output not yet flushed.
    s.outbox = [];
    clearTimeout(s.graceTimer);
    s.graceTimer = undefined;
    if (previous && previous !== ws) previous.close(closeCodes.replaced, 'Terminal opened in another window');
    const recent = s.scrollback.text();
    if (recent) send(s, ws, recent);
    updateFlow(s);
  }

  function detach(s: Session, ws: WebSocket) {
    if (s.socket !== ws) return;
    s.socket = undefined;
    s.backpressure = false;
    s.outbox = [];
    if (s.ended) return;
    startGrace(s);
    updateFlow(s);
  }

  function handleFrame(s: Session, ws: WebSocket, data: Buffer, isBinary: boolean) {
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
  }

  // ---------------------------------------------------------------------------------------------
  // Sockets

  async function connect(ws: WebSocket, req: IncomingMessage, deploymentId: string, url: URL) {
    const logUrl = redactUrl(req.url ?? '');
    const opened = performance.now();
    const state = { alive: true };
    connections.set(ws, state);
    let session: Session | undefined = undefined;
    let user: AuthUser | undefined;
    const pending: { data: Buffer; isBinary: boolean }[] = [];
    let pendingBytes = 0;

    ws.on('pong', () => (state.alive = true));
    // `ws` closes the socket itself on protocol errors (1002, 1007 invalid UTF-8, 1009 too big).
    ws.on('error', (err) => log.info({ url: logUrl, deploymentId, err: err.message }, 'terminal socket error'));
    ws.on('message', (raw, isBinary) => {
      const data = toBuffer(raw);
      if (session) return handleFrame(session, ws, data, isBinary);
      pendingBytes += data.length;
      if (pendingBytes > o.maxPendingInput) ws.close(closeCodes.policy, 'Too much input before the terminal was ready');
      else pending.push({ data, isBinary });
    });
    ws.on('close', (code, reason) => {
      connections.delete(ws);
      if (!session) return;
      detach(session, ws);
      if (user) {
        const seconds = Math.round((performance.now() - opened) / 100) / 10;
        log.info({ url: logUrl, deploymentId, user: user.id, kind: session.kind, code, reason: reason.toString('utf8'), seconds }, 'terminal disconnected');
      }
    });

    const refuse = (code: number, reason: string) => {
      log.info({ url: logUrl, deploymentId, user: user?.id, code, reason }, 'terminal refused');
      if (ws.readyState === WebSocket.OPEN) ws.close(code, shortReason(reason));
    };

    const token = url.searchParams.get('token');
    if (!token) return refuse(closeCodes.unauthorized, 'Sign-in required: the token parameter is missing');
    try {
      user = await deps.authenticator.identify(token);
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) return refuse(closeCodes.unauthorized, `Unauthorized: ${err.message}`);
      log.warn({ url: logUrl, deploymentId, err: errorMessage(err) }, 'terminal sign-in check failed');
      return refuse(closeCodes.internal, 'Sign-in could not be checked, try again');
    }
    let credential: Credential;
    if (user.via === 'api-key') {
      const apiKeyId = await activeApiKeyId(deps.db, token);
      if (!apiKeyId) return refuse(closeCodes.unauthorized, 'Unauthorized: API key is not valid');
      credential = { via: 'api-key', apiKeyId };
    } else {
      const exp = decodeJwt(token).exp;
      credential = { via: 'token', expiresAt: exp === undefined ? undefined : exp * 1000 };
    }
    const row = await findDeployment(deps.db, deploymentId, user.id);
    if (!row) return refuse(closeCodes.notFound, 'Deployment not found');
    if (!row.serverId) return refuse(closeCodes.noMachine, 'The deployment has no machine yet');
    const provider = deps.providers.byName(row.provider);
    if (!provider) return refuse(closeCodes.internal, `Unknown provider ${row.provider}`);
    if (ws.readyState !== WebSocket.OPEN || closing) return;

    const kind: Kind = url.searchParams.get('follow') === 'install' ? 'install' : 'shell';
    const key = `${user.id}:${deploymentId}:${kind}`;
    const existing = sessions.get(key);
    const s = existing ?? openSession(key, user.id, deploymentId, kind, credential, provider, targetOf(row));
    session = s;
    attach(s, ws, credential);
    for (const m of pending.splice(0)) handleFrame(s, ws, m.data, m.isBinary);
    log.info({ url: logUrl, deploymentId, user: user.id, kind, resumed: !!existing }, 'terminal connected');
  }

  return {
    handleUpgrade(req, socket, head) {
      socket.on('error', () => socket.destroy());
      const url = new URL(req.url ?? '/', 'http://localhost');
      const match = terminalPathPattern.exec(url.pathname);
      if (!match?.[1] || closing) {
        socket.end(`HTTP/1.1 ${closing ? '503 Service Unavailable' : '404 Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
        socket.destroy();
        return;
      }
      const deploymentId = match[1].toLowerCase();
      wss.handleUpgrade(req, socket, head, (ws) => {
        connect(ws, req, deploymentId, url).catch((err: unknown) => {
          log.error({ url: redactUrl(req.url ?? ''), deploymentId, err: errorMessage(err) }, 'terminal connect failed');
          if (ws.readyState === WebSocket.OPEN) ws.close(closeCodes.internal, 'Internal error');
        });
      });
    },

    stats() {
      let detached = 0;
      let throttled = 0;
      for (const s of sessions.values()) {
        if (!s.socket) detached++;
        else if (s.backpressure) throttled++;
      }
      return { sessions: sessions.size, detached, throttled, connections: connections.size };
    },

    check,

    async close() {
      closing = true;
      clearInterval(heartbeat);
      clearInterval(checker);
      unlisten?.();
      for (const s of [...sessions.values()]) end(s, 'server shutting down');
      const sockets = [...connections.keys()];
      for (const ws of sockets) ws.close(closeCodes.serverShutdown, 'Server shutting down');
      await Promise.race([
        Promise.all(sockets.map((ws) => (ws.readyState === WebSocket.CLOSED ? undefined : new Promise((resolve) => ws.once('close', resolve))))),
        new Promise((resolve) => setTimeout(resolve, 1000).unref()),
      ]);
      for (const ws of connections.keys()) ws.terminate();
    },
  };
}
