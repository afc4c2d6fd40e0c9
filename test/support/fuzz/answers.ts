/** What every fuzzed answer must look like, and a request sender with a hard timeout. */
import { type ApiRoute, successOf } from '../../../shared/api/route';
import { type RawRequest, request } from '../api-client';

export interface FuzzAnswer {
  status: number;
  contentType: string;
  text: string;
}

/** Stack frames, source paths and module folders must never reach a caller. */
const leak = /\n\s+at \S|\(?\/[\w./-]+\.[cm]?[jt]s:\d+|node_modules|\/work\/|\bat (?:async )?[\w.<>]+ \(/;

/** undefined when the answer is acceptable, otherwise why not. */
export function problemWith(route: ApiRoute, a: FuzzAnswer): string | undefined {
  const ok = successOf(route);
  if (a.status >= 500) return `status ${a.status}: ${a.text.slice(0, 300)}`;
  // The API reference script is a third-party bundle; everything else is ours.
  if (ok.contentType !== 'application/javascript' && leak.test(a.text)) return `leaks internals: ${a.text.slice(0, 300)}`;
  const isJson = a.contentType.includes('json');
  if (a.status >= 400) {
    // The sign-in form answers a browser: its refusals are the sign-in page again.
    if (!isJson) return route.auth === 'sign-in-session' && a.contentType.includes('html') ? undefined : `a ${a.status} without a JSON body (${a.contentType}): ${a.text.slice(0, 200)}`;
    let body: unknown;
    try {
      body = JSON.parse(a.text);
    } catch {
      return `a ${a.status} with invalid JSON: ${a.text.slice(0, 200)}`;
    }
    if (typeof body !== 'object' || body === null || typeof (body as { error?: unknown }).error !== 'string' || !('details' in body))
      return `a ${a.status} without {error, details}: ${a.text.slice(0, 200)}`;
    return undefined;
  }
  if (a.status >= 200 && a.status < 300 && ok.schema && a.status !== 204) {
    if (!isJson) return `a ${a.status} that is not JSON (${a.contentType})`;
    const parsed = ok.schema.safeParse(JSON.parse(a.text));
    if (!parsed.success) return `a ${a.status} that does not match the contract: ${parsed.error.message.slice(0, 300)}`;
  }
  return undefined;
}

export async function send(url: string, init: Omit<RawRequest, 'timeoutMs'>, timeoutMs = 15_000): Promise<FuzzAnswer> {
  const res = await request(url, { ...init, timeoutMs });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: res.text };
}
