import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import pino, { type DestinationStream, type Logger } from 'pino';
import { defaultBrand } from '../../shared/brand';
import { apiRoutes } from '../../shared/api/routes';
import { routePaths } from '../../shared/routes/app-paths';
import type { AppState } from './types';

/**
 * Query parameters that carry a secret: OAuth codes and tokens, the local checkout's one-time
 * `grant`, the terminal's `token`, and any name that says token, secret, password, key, grant or
 * signature (a new parameter is hidden by its name before anyone lists it here).
 */
const secretParams = ['code', 'code_verifier', 'client_secret', 'password', 'grant', 'ticket', 'sig', 'signature', 'session', 'sid', 'otp'];
const secretParamName = /token|secret|passw|grant|signature|credential|(^|[_-])(api)?key$/;
const isSecretParam = (key: string) => secretParams.includes(key.toLowerCase()) || secretParamName.test(key.toLowerCase());

/** Fields of a database or driver error that carry the statement's values (a licence key, an SSH key, a key hash). */
const valueFields = ['params', 'parameters', 'values', 'detail'];

/**
 * Errors are logged with their type, message, code and stack, never with the values bound to a
 * failed statement: drizzle's query errors carry `params`, PostgreSQL's `detail` quotes the
 * offending value, and either may be a secret. Causes are followed, redacted the same way.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  const out = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  for (const field of valueFields) if (field in out) out[field] = '[redacted]';
  if (typeof out.query === 'string' && out.query.length > 500) out.query = `${out.query.slice(0, 500)}…`;
  // drizzle writes the values into its message too, and so into the stack.
  for (const field of ['message', 'stack']) {
    if (typeof out[field] === 'string') out[field] = (out[field] as string).replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]');
  }
  if (err.cause !== undefined) out.cause = depth < 3 ? serializeError(err.cause, depth + 1) : '[cause]';
  return out;
}

/**
 * Lines written through a buffer in the background, 4 KiB at a time: a synchronous write per
 * request line held the request path (issue 32). A line never waits in the buffer more than
 * `flushMs`, so someone following the log sees a quiet server's last requests within a second.
 * pino flushes the buffer when the process exits, including on a fatal error; only a SIGKILL loses
 * the last lines.
 */
export function bufferedDestination(dest: number | string = 1, flushMs = 1000): DestinationStream {
  const sonic = pino.destination({ dest, sync: false, minLength: 4096 });
  const write = sonic.write.bind(sonic);
  let due: NodeJS.Timeout | undefined;
  sonic.write = (line: string) => {
    const accepted = write(line);
    due ??= setTimeout(() => {
      due = undefined;
      try {
        sonic.flush();
      } catch {
        // ended (the process is exiting): nothing is waiting
      }
    }, flushMs).unref();
    return accepted;
  };
  return sonic;
}

/** The server's logger: stdout through `bufferedDestination` unless a destination is given. */
export function createLogger(level: string, destination: DestinationStream = bufferedDestination()): Logger {
  return pino(
    {
      level,
      serializers: { err: serializeError, error: serializeError },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', '*.password', '*.token', '*.access_token', '*.refresh_token'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/**
 * Path templates whose parameter is a secret by the same names as a query parameter: every API
 * route's (`/api/invitations/{token}`, `…/{token}/accept`) and the invitation page the e-mail links
 * to (`/invitations/{token}`). One expression of them all; the secret segments are its groups.
 */
const secretPathTemplates = [...apiRoutes(defaultBrand).map((r) => r.path), `${routePaths.invitation}/{token}`].filter((path) =>
  [...path.matchAll(/\{([^}]+)\}/g)].some(([, name]) => isSecretParam(name!)),
);
const secretPath = new RegExp(
  `^(?:${[...new Set(secretPathTemplates)]
    .map((path) =>
      path
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? (isSecretParam(part.slice(1, -1)) ? '([^/]+)' : '[^/]+') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join(''),
    )
    .join('|')})(?=/|$)`,
  'd',
);

/** The path with its secret segments hidden; a template matches a path's start (`/api/invitations/<token>/anything` too). */
function redactPath(path: string): string {
  const m = secretPath.exec(path);
  if (!m) return path;
  let out = '';
  let from = 0;
  for (const span of m.indices!.slice(1)) {
    if (!span) continue;
    out += `${path.slice(from, span[0])}[redacted]`;
    from = span[1];
  }
  return out + path.slice(from);
}

/**
 * The one rule for an address that is logged: paths and harmless parameters stay readable; secret
 * query parameters (tokens, codes, passwords) and secret path segments (an invitation's token) are hidden.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = redactPath(q < 0 ? url : url.slice(0, q));
  if (q < 0) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (isSecretParam(key)) params.set(key, '[redacted]');
  }
  return `${path}?${params.toString().replaceAll('%5Bredacted%5D', '[redacted]')}`;
}

/** A caller's id is kept only when it cannot forge log fields or flood them: 1-64 of [A-Za-z0-9._-]. */
export const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

/** A caller's X-Request-Id when well-formed, else a new one. */
export function requestIdFrom(incoming: string | undefined): string {
  return incoming && requestIdPattern.test(incoming) ? incoming : randomUUID();
}

export interface RequestLine {
  requestId: string;
  method: string;
  /** redacted by `redactUrl` */
  url: string;
  status: number;
  ms: number;
  user: string | undefined;
}

/** Writes the one line per request (errors at `error`), for the Koa app and the ping lane alike. */
export function requestLines(root: Logger): (line: RequestLine) => void {
  // The request line's fields are fixed and carry no secret (the URL is redacted, no headers, no
  // body): it skips the root logger's path redaction, which cost twice the rest of the line.
  const lines = root.child({}, { redact: [] });
  return (line) => (line.status >= 500 ? lines.error(line, 'request') : lines.info(line, 'request'));
}

/** Milliseconds since `started` (performance.now()), to a tenth. */
export const elapsedMs = (started: number) => Math.round((performance.now() - started) * 10) / 10;

/**
 * Gives every request an id (the caller's X-Request-Id when well-formed) and logs one line per
 * request. The request's child logger (`ctx.state.log`, which carries the id) is made only when
 * something asks for it: most requests log nothing but their line, which carries the id as its
 * first field (the same bytes a child would write).
 */
export function requestLogging(root: Logger): Middleware<AppState> {
  const writeLine = requestLines(root);
  return async (ctx, next) => {
    const requestId = requestIdFrom(ctx.get('X-Request-Id'));
    ctx.state.requestId = requestId;
    let log: Logger | undefined;
    Object.defineProperty(ctx.state, 'log', {
      get: () => (log ??= root.child({ requestId })),
      set: (value: Logger) => void (log = value),
      enumerable: true,
      configurable: true,
    });
    ctx.res.setHeader('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      writeLine({ requestId, method: ctx.method, url: redactUrl(ctx.originalUrl), status: ctx.status, ms: elapsedMs(started), user: ctx.state.user?.id });
    }
  };
}
