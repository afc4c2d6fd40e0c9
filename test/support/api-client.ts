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

export async function api(server: { url: string }, urlPath: string, opts: ApiOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${server.url}${urlPath}`, { method: opts.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect: 'manual' });
  const text = await res.text();
  const isJson = (res.headers.get('content-type') ?? '').includes('json') && text !== '';
  return { status: res.status, body: isJson ? (JSON.parse(text) as unknown) : text, headers: res.headers };
}
