/** Faults the next requests should meet, in order, whichever API they go to. */
export type Fault = { kind: 'status'; status: number; retryAfterSeconds?: number } | { kind: 'hang' };

export class FaultQueue {
  private readonly queue: Fault[] = [];

  /** The next `count` requests answer `status` (429 carries `Retry-After`, default 1 s). */
  failNext(count: number, status: number, opts: { retryAfterSeconds?: number } = {}): void {
    const retryAfterSeconds = status === 429 ? (opts.retryAfterSeconds ?? 1) : opts.retryAfterSeconds;
    for (let i = 0; i < count; i++) this.queue.push({ kind: 'status', status, retryAfterSeconds });
  }

  /** The next `count` requests never get an answer (until the fake closes). */
  hangNext(count: number): void {
    for (let i = 0; i < count; i++) this.queue.push({ kind: 'hang' });
  }

  take(): Fault | undefined {
    return this.queue.shift();
  }

  clear(): void {
    this.queue.length = 0;
  }
}

/** Error codes the fakes use for injected statuses (Hetzner's documented codes; Civo has no public list). */
export function faultCode(status: number): string {
  if (status === 429) return 'rate_limit_exceeded';
  if (status === 503) return 'unavailable';
  if (status === 504) return 'timeout';
  if (status >= 500) return 'server_error';
  if (status === 422) return 'invalid_input';
  if (status === 404) return 'not_found';
  if (status === 409) return 'uniqueness_error';
  return 'error';
}
