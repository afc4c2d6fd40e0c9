/**
 * Terminal clients for the terminal bench: Launchpad's WebSocket bridge (raw frames) and WeTTY's
 * socket.io protocol (`input`, `resize`, `data`, `commit`). Neither keeps output: each hands every
 * chunk to whoever waits, so memory stays flat however much streams through.
 */
import { io, type Socket } from 'socket.io-client';
import { WebSocket, type RawData } from 'ws';

type Chunk = string | Buffer;

export abstract class BenchTerminal {
  private listener: ((chunk: Chunk) => void) | undefined;

  protected deliver(chunk: Chunk): void {
    this.listener?.(chunk);
  }

  abstract send(data: string): void;
  abstract close(): void;

  /** resolves when the output from now on contains `text` (also split across chunks) */
  waitFor(text: string, timeoutMs = 30_000, onChunk?: (chunk: Chunk) => void): Promise<void> {
    const n = Math.max(1, text.length - 1);
    const part = (c: Chunk, start: number, end?: number) => (typeof c === 'string' ? c.slice(start, end) : c.subarray(start, end).toString('latin1'));
    // The end of the previous chunk, so a match split across two chunks is found too.
    let carry = '';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listener = undefined;
        reject(new Error(`timed out waiting for ${JSON.stringify(text)}`));
      }, timeoutMs);
      this.listener = (chunk) => {
        onChunk?.(chunk);
        if (chunk.includes(text) || (carry + part(chunk, 0, n)).includes(text)) {
          clearTimeout(timer);
          this.listener = undefined;
          resolve();
          return;
        }
        carry = (carry + part(chunk, Math.max(0, chunk.length - n))).slice(-n);
      };
    });
  }
}

/** Launchpad's terminal WebSocket: output arrives as binary frames, input goes as text. */
export class LaunchpadTerminal extends BenchTerminal {
  private constructor(private readonly ws: WebSocket) {
    super();
    ws.on('message', (data: RawData) => this.deliver(Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)));
  }

  static open(url: string): Promise<LaunchpadTerminal> {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new LaunchpadTerminal(ws)));
      ws.once('error', reject);
      ws.once('close', (code, reason) => reject(new Error(`terminal closed: ${code} ${reason.toString()}`)));
    });
  }

  send(data: string | Buffer): void {
    this.ws.send(data);
  }

  close(): void {
    this.ws.close(1000, 'bench done');
  }
}

/** WeTTY's browser client acknowledges every 256 KiB it has written, or the server pauses the shell. */
const wettyAckBytes = 262_144;

export class WettyTerminal extends BenchTerminal {
  private unacked = 0;

  private constructor(private readonly socket: Socket) {
    super();
    socket.on('data', (data: string) => {
      this.unacked += data.length;
      while (this.unacked >= wettyAckBytes) {
        this.unacked -= wettyAckBytes;
        socket.emit('commit', wettyAckBytes);
      }
      this.deliver(data);
    });
  }

  /** Connects over WebSocket (the browser starts with long polling, then upgrades) and waits for `login`. */
  static open(url: string, cols: number, rows: number): Promise<WettyTerminal> {
    const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    return new Promise((resolve, reject) => {
      socket.once('connect_error', reject);
      socket.once('login', () => {
        socket.emit('resize', { cols, rows });
        resolve(new WettyTerminal(socket));
      });
    });
  }

  send(data: string): void {
    this.socket.emit('input', data);
  }

  close(): void {
    this.socket.disconnect();
  }
}
