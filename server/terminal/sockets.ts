import { accountQueryParam } from '../../shared/api/teams';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { redactUrl } from '../http/logging';
import type { TerminalAccess } from './authorise';
import { errorMessage } from './error-message';
import type { TerminalOptions } from './options';
import { closeCodes, shortReason, socketToken, terminalPathPattern } from './protocol';
import type { Kind, Session, SessionRegistry } from './sessions';

export interface TerminalSocketsDeps {
  logger: Logger;
  options: Pick<TerminalOptions, 'maxPayload' | 'maxPendingInput' | 'heartbeatMs'>;
  sessions: SessionRegistry;
  /** who may open the terminal of a deployment with the socket's `token` parameter */
  access(token: string | null, deploymentId: string, accountId: string | null): Promise<TerminalAccess>;
}

export interface TerminalSockets {
  /** the http server's `upgrade` listener: terminal paths become WebSockets, anything else gets a 404 */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** open terminal sockets */
  count(): number;
  /** new sockets are refused with 503 and the heartbeat stops */
  stopAccepting(): void;
  /** closes every socket (1001), waiting a second at most for the clients to answer */
  closeAll(): Promise<void>;
}

const toBuffer = (data: RawData): Buffer => (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data));

/**
 * The terminal WebSockets: the upgrade on a terminal path, the sign-in check before a socket is
 * given a shell (frames sent meanwhile are held), frames handed to the shell, and a ping heartbeat
 * that drops sockets which stopped answering.
 */
export function createTerminalSockets({ logger: log, options: o, sessions, access }: TerminalSocketsDeps): TerminalSockets {
  const wss = new WebSocketServer({ noServer: true, maxPayload: o.maxPayload, perMessageDeflate: false, clientTracking: false });
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

  async function connect(ws: WebSocket, req: IncomingMessage, deploymentId: string, url: URL) {
    const logUrl = redactUrl(req.url ?? '');
    const opened = performance.now();
    const state = { alive: true };
    connections.set(ws, state);
    let session: Session | undefined = undefined;
    const pending: { data: Buffer; isBinary: boolean }[] = [];
    let pendingBytes = 0;

    ws.on('pong', () => (state.alive = true));
    // `ws` closes the socket itself on protocol errors (1002, 1007 invalid UTF-8, 1009 too big).
    ws.on('error', (err) => log.info({ url: logUrl, deploymentId, err: err.message }, 'terminal socket error'));
    ws.on('message', (raw, isBinary) => {
      const data = toBuffer(raw);
      if (session) return sessions.frame(session, ws, data, isBinary);
      pendingBytes += data.length;
      if (pendingBytes > o.maxPendingInput) ws.close(closeCodes.policy, 'Too much input before the terminal was ready');
      else pending.push({ data, isBinary });
    });
    ws.on('close', (code, reason) => {
      connections.delete(ws);
      if (!session) return;
      sessions.detach(session, ws);
      const seconds = Math.round((performance.now() - opened) / 100) / 10;
      log.info({ url: logUrl, deploymentId, user: session.userId, kind: session.kind, code, reason: reason.toString('utf8'), seconds }, 'terminal disconnected');
    });

    const granted = await access(socketToken(req.headers, url), deploymentId, url.searchParams.get(accountQueryParam));
    if (!granted.granted) {
      if (granted.failure) log.warn({ url: logUrl, deploymentId, err: granted.failure }, 'terminal sign-in check failed');
      log.info({ url: logUrl, deploymentId, user: granted.userId, code: granted.code, reason: granted.reason }, 'terminal refused');
      if (ws.readyState === WebSocket.OPEN) ws.close(granted.code, shortReason(granted.reason));
      return;
    }
    if (ws.readyState !== WebSocket.OPEN || closing) return;

    const userId = granted.user.id;
    const kind: Kind = url.searchParams.get('follow') === 'install' ? 'install' : 'shell';
    const { session: s, resumed } = sessions.shellFor({
      userId,
      accountId: granted.user.account.id,
      deploymentId,
      kind,
      credential: granted.credential,
      provider: granted.provider,
      target: granted.target,
    });
    session = s;
    sessions.attach(s, ws, granted.credential);
    for (const m of pending.splice(0)) sessions.frame(s, ws, m.data, m.isBinary);
    log.info({ url: logUrl, deploymentId, user: userId, kind, resumed }, 'terminal connected');
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

    count: () => connections.size,

    stopAccepting() {
      closing = true;
      clearInterval(heartbeat);
    },

    async closeAll() {
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
