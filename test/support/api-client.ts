import http from 'node:http';
import https from 'node:https';

/** A small JSON client for the Launchpad API in tests: bearer token, JSON bodies, parsed answers. */
export interface ApiResponse {
  status: number;
  /** parsed JSON when the answer is JSON, otherwise the text */
  body: unknown;
  headers: Headers;
}

export interface ApiOptions {
  method?: string;
  /** sent as `Authorization: Bearer <token>` */
  token?: string;
  /** objects are sent as JSON; strings are sent as they are (with a JSON content type) */
  body?: unknown;
  headers?: Record<string, string>;
}

// node:http rather than fetch: undici's fetch was the largest single cost in the request-heavy test
// files (a ninth of the fuzz file's CPU, before the server's own code), and the suite is CPU-bound.
// A free socket idles for less than the server's 5 s keep-alive, so a reused one is rarely closed under us.
const agents = { 'http:': new http.Agent({ keepAlive: true, timeout: 4_000 }), 'https:': new https.Agent({ keepAlive: true, timeout: 4_000 }) };

export async function api(server: { url: string }, urlPath: string, opts: ApiOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await request(`${server.url}${urlPath}`, { method: opts.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const isJson = (res.headers.get('content-type') ?? '').includes('json') && res.text !== '';
  return { status: res.status, body: isJson ? (JSON.parse(res.text) as unknown) : res.text, headers: res.headers };
}

export interface RawRequest {
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** the request fails when the whole answer has not come in this long */
  timeoutMs?: number;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** One request and its whole answer as text; redirects are answered, not followed. */
export async function request(url: string, init: RawRequest): Promise<RawResponse> {
  const body = init.body === undefined ? undefined : typeof init.body === 'string' ? Buffer.from(init.body) : init.body;
  const headers = body === undefined ? init.headers : { ...init.headers, 'content-length': String(body.length) };
  const { status, rawHeaders, text } = await exchange(new URL(url), init.method, headers, body, init.timeoutMs);
  const resHeaders = new Headers();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) resHeaders.append(rawHeaders[i]!, rawHeaders[i + 1]!);
  return { status, headers: resHeaders, text };
}

interface Exchanged {
  status: number;
  rawHeaders: string[];
  text: string;
}

/**
 * A GET or HEAD is sent again once when a kept-alive socket turned out closed (Node's documented
 * pattern); anything else fails, so a test never sends a change twice without knowing.
 */
function exchange(url: URL, method: string, headers: Record<string, string>, body: Uint8Array | undefined, timeoutMs: number | undefined, retried = false): Promise<Exchanged> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Exchanged>((resolve, reject) => {
    const req = client.request(url, { method, headers, agent: agents[url.protocol as 'http:' | 'https:'] }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => req.destroy(new Error(`no whole answer from ${method} ${url.pathname} in ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (req.reusedSocket && !retried && (method === 'GET' || method === 'HEAD') && (err.code === 'ECONNRESET' || err.code === 'EPIPE'))
        exchange(url, method, headers, body, timeoutMs, true).then(resolve, reject);
      else reject(err);
    });
    req.end(body);
  });
}
