import type net from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import tls from 'node:tls';
import { WebSocket } from 'ws';
import { accountQueryParam } from '../../shared/api/teams';
import type { PushPayloads } from '../../shared/desktop/ipc';
import { closeCodes } from '../../shared/terminal/protocol';
import { DesktopError } from '../ipc/handle';

export type TerminalPush = <C extends 'terminal:data' | 'terminal:error' | 'terminal:end'>(channel: C, payload: PushPayloads[C]) => void;

/** The few node-pty members used: a pseudo-terminal running a shell. */
export interface PtyLike {
  onData(listener: (data: string) => void): unknown;
  onExit(listener: (e: { exitCode: number; signal?: number }) => void): unknown;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  kill(): void;
}
export type SpawnShell = (size: { rows: number; cols: number }) => PtyLike | Promise<PtyLike>;

export interface TerminalSessionsDeps {
  /** pushes to the window that owns these sessions */
  send: TerminalPush;
  serverUrl(): string;
  /** main's own access token; it goes in the socket's Authorization header and is never shown to the renderer */
  accessToken(): Promise<string | undefined>;
  /** the socket to run a terminal WebSocket on (a tunnel through the window's proxy), undefined to connect directly */
  connectVia?(url: URL): Promise<net.Socket | undefined>;
  spawnShell?: SpawnShell;
  connectTimeoutMs?: number;
  /** epoch ms now, for the "socket lived a while" rule (tests move it); default Date.now */
  now?(): number;
  /** how many local shells run, on every change (the window's persistent indicator) */
  onLocalShells?(running: number): void;
}

interface Session {
  input(data: string): void;
  resize(rows: number, cols: number): void;
  close(): void;
}

/** The server's 4-byte resize frame (server/terminal/protocol.ts `parseResize`): rows then columns, uint16 big-endian. */
function resizeFrame(rows: number, cols: number): Buffer {
  const buf = Buffer.alloc(4);
  buf.writeUInt16BE(rows, 0);
  buf.writeUInt16BE(cols, 2);
  return buf;
}

/**
 * Terminals held by the main process, streamed to the renderer by session id: deployment shells
 * over the server's WebSocket, and a local shell through node-pty.
 */
export function createTerminalSessions(deps: TerminalSessionsDeps) {
  const sessions = new Map<string, Session>();
  let next = 0;
  const newId = () => `t${++next}`;
  const get = (id: string) => {
    const s = sessions.get(id);
    if (!s) throw new DesktopError('This terminal session has ended', 'not_found');
    return s;
  };
  /** a terminal socket with main's current access token */
  const open = async (url: URL): Promise<WebSocket> => {
    const token = await deps.accessToken();
    if (!token) throw new DesktopError('Sign in to open a terminal', 'unauthorized');
    const tunnel = await deps.connectVia?.(url);
    const secure = url.protocol === 'wss:';
    const ws = new WebSocket(url, {
      handshakeTimeout: deps.connectTimeoutMs ?? 15_000,
      perMessageDeflate: false,
      // the token out of the address: proxies and server logs see the path only
      headers: { authorization: `Bearer ${token}` },
      // TLS to the server itself runs inside the proxy's tunnel
      ...(tunnel
        ? {
            createConnection: ((options: tls.ConnectionOptions) => (secure ? tls.connect({ ...options, socket: tunnel, servername: url.hostname }) : tunnel)) as unknown as typeof net.createConnection,
          }
        : {}),
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', (err) => reject(new DesktopError(`The terminal could not connect: ${err.message}`, 'connect_failed')));
    });
    return ws;
  };
  const local = new Set<string>();
  const end = (id: string, reason: string) => {
    if (!sessions.delete(id)) return;
    if (local.delete(id)) deps.onLocalShells?.(local.size);
    deps.send('terminal:end', { id, reason });
  };

  return {
    async start(deploymentId: string, followInstall: boolean, account?: string): Promise<{ id: string }> {
      const url = new URL(`/api/deployments/${encodeURIComponent(deploymentId)}/terminal`, deps.serverUrl().replace(/^http/, 'ws'));
      if (followInstall) url.searchParams.set('follow', 'install');
      if (account) url.searchParams.set(accountQueryParam, account);
      const id = newId();
      const decoder = new StringDecoder('utf8');
      let ws = await open(url);
      sessions.set(id, {
        input: (data) => ws.readyState === WebSocket.OPEN && ws.send(data),
        resize: (rows, cols) => ws.readyState === WebSocket.OPEN && ws.send(resizeFrame(rows, cols)),
        close: () => ws.close(1000, 'closed by user'),
      });
      const attach = (socket: WebSocket) => {
        const openedAt = (deps.now ?? Date.now)();
        socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
          const chunk = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
          const text = decoder.write(chunk);
          if (text) deps.send('terminal:data', { id, data: text });
        });
        socket.on('error', (err) => sessions.has(id) && deps.send('terminal:error', { id, message: err.message }));
        socket.on('close', (code, reason) => {
          // The access token expired while the shell runs on (it waits for a reconnect): reopen with
          // main's fresh token, once per socket that lived a while (never in a loop).
          if (code === closeCodes.signInExpired && sessions.has(id) && (deps.now ?? Date.now)() - openedAt > 5000) {
            open(url).then(
              (next) => {
                ws = next;
                // The server replays the recent output: start from a clean screen.
                deps.send('terminal:data', { id, data: '\x1bc' });
                attach(next);
              },
              () => end(id, reason.toString('utf8')),
            );
            return;
          }
          end(id, reason.toString('utf8'));
        });
      };
      attach(ws);
      return { id };
    },

    async startLocal(size: { rows: number; cols: number }): Promise<{ id: string }> {
      if (!deps.spawnShell) throw new DesktopError('A local terminal is not available on this computer', 'unsupported');
      const pty = await deps.spawnShell(size);
      const id = newId();
      sessions.set(id, { input: (data) => pty.write(data), resize: (rows, cols) => pty.resize(cols, rows), close: () => pty.kill() });
      local.add(id);
      deps.onLocalShells?.(local.size);
      pty.onData((data) => sessions.has(id) && deps.send('terminal:data', { id, data }));
      pty.onExit(({ exitCode }) => end(id, exitCode === 0 ? 'The shell has exited' : `The shell exited with code ${exitCode}`));
      return { id };
    },

    input(id: string, data: string) {
      get(id).input(data);
    },
    resize(id: string, rows: number, cols: number) {
      get(id).resize(rows, cols);
    },
    close(id: string) {
      const s = sessions.get(id);
      if (!s) return;
      s.close();
      end(id, 'closed by user');
    },
    /** the window is gone: nothing may outlive it */
    closeAll() {
      for (const id of [...sessions.keys()]) this.close(id);
    },
    count: () => sessions.size,
    localCount: () => local.size,
  };
}
export type TerminalSessions = ReturnType<typeof createTerminalSessions>;
