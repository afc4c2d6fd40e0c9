import type { z } from 'zod';
import { ProviderError } from '../types';
import { backoffDelay, clampWait, parseRetryAfter } from './backoff';
import { RateLimitTracker } from './rate-limit';

/** Knobs shared by the cloud providers; tests inject `sleep`/`now` and short timeouts. */
export interface HttpTuning {
  /** per attempt, including reading the body (default 15 s) */
  timeoutMs?: number;
  /** attempts per request including the first (default 4) */
  maxAttempts?: number;
  baseDelayMs?: number;
  /** cap for every wait: backoff, `Retry-After`, rate-limit resets (default 30 s) */
  maxWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  fetch?: typeof fetch;
  onRetry?: (event: RetryEvent) => void;
}

export interface RetryEvent {
  method: string;
  path: string;
  /** the attempt that failed, 1-based */
  attempt: number;
  reason: 'timeout' | 'network' | 'status';
  status?: number;
  waitMs: number;
}

export interface ApiClientOptions extends HttpTuning {
  /** shown in error messages, e.g. `Hetzner` */
  label: string;
  baseUrl: string;
  headers: Record<string, string>;
  /** honour Hetzner-style `RateLimit-*` headers */
  rateLimitHeaders?: boolean;
}

export interface ApiRequest<T> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  schema: z.ZodType<T>;
}

export interface ApiClient {
  request<T>(req: ApiRequest<T>): Promise<T>;
  readonly rateLimit: RateLimitTracker;
}

const retryableStatus = (status: number) => status === 429 || status >= 500;

/** Picks the human message out of an error body: Hetzner `{error:{message}}`, Civo `{reason}`, or generic shapes. */
export function providerMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const nested = b.error && typeof b.error === 'object' ? (b.error as Record<string, unknown>).message : undefined;
    if (typeof nested === 'string' && nested.trim() !== '') return nested;
    for (const key of ['reason', 'message', 'error', 'details', 'code']) {
      const v = b[key];
      if (typeof v === 'string' && v.trim() !== '') return v;
    }
  }
  if (typeof body === 'string' && body.trim() !== '') return body.trim().slice(0, 300);
  return fallback;
}

/** The machine-readable code of an error body: Civo `{code}` (what civogo's decodeError switches on), Hetzner `{error:{code}}`. */
export function providerCode(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const nested = b.error && typeof b.error === 'object' ? (b.error as Record<string, unknown>).code : undefined;
  const code = typeof nested === 'string' ? nested : b.code;
  return typeof code === 'string' && code !== '' ? code : undefined;
}

/** undici reports `fetch failed` with the useful part (`connect ECONNREFUSED …`, a code) in `cause`. */
function networkReason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause;
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (cause.message) return cause.message;
    if (code) return code;
  }
  return err.message;
}

function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A small JSON client on `fetch` with per-attempt timeouts, retries with backoff, and rate-limit pacing. */
export function createApiClient(o: ApiClientOptions): ApiClient {
  const timeoutMs = o.timeoutMs ?? 15_000;
  const maxAttempts = Math.max(1, o.maxAttempts ?? 4);
  const maxWaitMs = o.maxWaitMs ?? 30_000;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = o.now ?? Date.now;
  const random = o.random ?? Math.random;
  const doFetch = o.fetch ?? fetch;
  const rateLimit = new RateLimitTracker(now);
  const backoff = { baseDelayMs: o.baseDelayMs ?? 500, maxWaitMs, random };

  const urlOf = (req: ApiRequest<unknown>) => {
    const url = new URL(o.baseUrl.replace(/\/+$/, '') + req.path);
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  };

  /** Server-requested wait for a 429/503: `Retry-After`, else the rate-limit reset, else undefined. */
  const serverWait = (res: Response) => {
    const retryAfter = parseRetryAfter(res.headers.get('retry-after'), now());
    if (retryAfter !== undefined) return retryAfter;
    if (res.status === 429 && res.headers.get('ratelimit-reset') !== null) return rateLimit.waitForOneRequest();
    return undefined;
  };

  async function request<T>(req: ApiRequest<T>): Promise<T> {
    const url = urlOf(req);
    const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
    let body: string | undefined;
    if (req.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.json);
    } else if (req.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(req.form).toString();
    }

    for (let attempt = 1; ; attempt++) {
      if (o.rateLimitHeaders) {
        const wait = rateLimit.pendingWait();
        if (wait > 0) await sleep(clampWait(wait, maxWaitMs));
        rateLimit.clear();
      }
      const last = attempt >= maxAttempts;
      const retry = async (reason: RetryEvent['reason'], status: number | undefined, asked: number | undefined) => {
        const waitMs = clampWait(asked ?? backoffDelay(attempt, backoff), maxWaitMs);
        o.onRetry?.({ method: req.method, path: req.path, attempt, reason, status, waitMs });
        await sleep(waitMs);
        rateLimit.clear(); // the wait above already covered any rate-limit pause
      };

      let res: Response;
      let text: string;
      try {
        res = await doFetch(url, { method: req.method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
        text = await res.text();
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        const what = timedOut ? `timed out after ${timeoutMs} ms` : `failed: ${networkReason(err)}`;
        if (last) throw new ProviderError(`${o.label}: ${req.method} ${req.path} ${what}`, undefined, true);
        await retry(timedOut ? 'timeout' : 'network', undefined, undefined);
        continue;
      }

      if (o.rateLimitHeaders) rateLimit.observe(res.headers);
      const parsed = parseBody(text);
      if (res.ok) {
        const result = req.schema.safeParse(parsed);
        if (!result.success) {
          throw new ProviderError(`${o.label}: unexpected answer to ${req.method} ${req.path}: ${result.error.issues[0]?.message ?? 'invalid'}`, res.status, false);
        }
        return result.data;
      }
      const message = `${o.label}: ${providerMessage(parsed, `HTTP ${res.status}`)}`;
      const code = providerCode(parsed);
      if (!retryableStatus(res.status)) throw new ProviderError(message, res.status, false, code);
      if (last) throw new ProviderError(message, res.status, true, code);
      await retry('status', res.status, serverWait(res));
    }
  }

  return { request, rateLimit };
}
