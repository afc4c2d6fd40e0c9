/** A small terminal WebSocket client for tests and benchmarks: collects output and waits for patterns. */
import { WebSocket, type RawData } from 'ws';

export interface TerminalClient {
  ws: WebSocket;
  /** everything received so far */
  output(): string;
  send(text: string): void;
  resize(rows: number, cols: number): void;
  /** resolves with the output (from offset `from`) once it matches */
  waitFor(pattern: string | RegExp, opts?: { from?: number; timeoutMs?: number }): Promise<string>;
  /** resolves when the server or the client closed the socket */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<{ code: number; reason: string }>;
}

export function terminalUrl(serverUrl: string, deploymentId: string, token: string, params: Record<string, string> = {}): string {
  const url = new URL(`/api/deployments/${deploymentId}/terminal`, serverUrl.replace(/^http/, 'ws'));
  url.searchParams.set('token', token);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

export function resizeFrame(rows: number, cols: number): Buffer {
  const buf = Buffer.alloc(4);
  buf.writeUInt16BE(rows, 0);
  buf.writeUInt16BE(cols, 2);
  return buf;
}

/** Opens a terminal socket; rejects when the upgrade itself is refused (e.g. 404 for other paths). */
export function openTerminal(url: string): Promise<TerminalClient> {
  const ws = new WebSocket(url);
  // Output is kept as chunks and joined on demand: appending to one big string and searching it
  // after every message would flatten it each time (quadratic over megabytes).
  let chunks: string[] = [];
  const output = () => {
    if (chunks.length > 1) chunks = [chunks.join('')];
    return chunks[0] ?? '';
  };
  const waiters = new Set<(chunk: string | undefined) => void>();
  // Errors end in a close, which is what callers look at.
  ws.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })));
  ws.on('message', (data: RawData) => {
    const chunk = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
    chunks.push(chunk);
    for (const w of [...waiters]) w(chunk);
  });
  void closed.then(() => {
    for (const w of [...waiters]) w(undefined);
  });

  const client: TerminalClient = {
    ws,
    output,
    send: (text) => ws.send(text),
    resize: (rows, cols) => ws.send(resizeFrame(rows, cols)),
    waitFor(pattern, opts = {}) {
      const from = opts.from ?? 0;
      // A string is looked for in the new chunk plus the end of what came before.
      let carry = '';
      const matches = (chunk: string | undefined): boolean => {
        if (typeof pattern !== 'string') return pattern.test(output().slice(from));
        if (chunk === undefined) {
          const all = output();
          carry = all.slice(Math.max(from, all.length - pattern.length + 1));
          return all.indexOf(pattern, from) >= 0;
        }
        const text = carry + chunk;
        carry = text.slice(-(pattern.length - 1) || text.length);
        return text.includes(pattern);
      };
      return new Promise<string>((resolve, reject) => {
        const tail = () => JSON.stringify(output().slice(-500));
        const check = (chunk: string | undefined) => {
          if (matches(chunk)) {
            done();
            resolve(output().slice(from));
          } else if (ws.readyState === WebSocket.CLOSED) {
            done();
            reject(new Error(`terminal closed before ${String(pattern)} appeared; output: ${tail()}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`timed out waiting for ${String(pattern)}; output: ${tail()}`));
        }, opts.timeoutMs ?? 15_000);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check(undefined);
      });
    },
    closed,
    close() {
      if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) ws.close(1000, 'bye');
      return closed;
    },
  };

  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('unexpected-response', (_req, res) => {
      reject(new Error(`upgrade refused with ${res.statusCode}`));
      ws.terminate();
    });
    ws.once('error', reject);
  });
}
