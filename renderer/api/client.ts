import type { z } from 'zod';
import { apiErrorBody } from '../../shared/api/errors';
import { accountHeader, accountRoleHeader } from '../../shared/api/teams';

/** Any HTTP failure: the status and the response body, with the server's `error` text as the message. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: unknown,
  ) {
    const parsed = apiErrorBody.safeParse(body);
    super(parsed.success ? parsed.data.error : `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/** may first renew an access token that is about to expire */
type TokenSource = () => string | undefined | Promise<string | undefined>;
let currentToken: TokenSource = () => undefined;

/** The auth layer tells the client where the bearer token comes from. */
export function setTokenSource(source: TokenSource): void {
  currentToken = source;
}

/** Which account requests act in (issue 34): a team's id, sent as X-Account; undefined is the caller's own. */
interface AccountSource {
  current(): string | undefined;
  /** a request made in the team was refused (403): the membership may have ended */
  refused(): void;
  /** the role the server says the caller has in the team this request acted in */
  answeredAs(role: string): void;
}
let account: AccountSource = { current: () => undefined, refused: () => undefined, answeredAs: () => undefined };

/** The account store tells the client which account this tab acts in. */
export function setAccountSource(source: AccountSource): void {
  account = source;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** validates the answer against the shared contract */
  schema?: z.ZodType<T>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** about the person, whichever account the tab acts in (who am I, my teams, an invitation): no X-Account */
  asPerson?: boolean;
}

async function send(path: string, opts: RequestOptions<unknown>): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const token = await currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const teamId = opts.asPerson ? undefined : account.current();
  if (teamId) headers[accountHeader] = teamId;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  });
  if (!res.ok) {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // keep the text body
    }
    if (teamId && res.status === 403) account.refused();
    throw new ApiError(res.status, body);
  }
  const role = teamId ? res.headers.get(accountRoleHeader) : null;
  if (role) account.answeredAs(role);
  return res;
}

/** JSON request to the Launchpad API; a 204 or empty body yields undefined. */
export async function apiRequest<T>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
  const res = await send(path, opts as RequestOptions<unknown>);
  const text = res.status === 204 ? '' : await res.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  return opts.schema ? opts.schema.parse(data) : (data as T);
}

/** Binary download (zip logs, artifacts) with the same auth and error handling. */
export async function apiDownload(path: string): Promise<{ blob: Blob; filename: string | undefined }> {
  const res = await send(path, {});
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1];
  return { blob: await res.blob(), filename };
}
