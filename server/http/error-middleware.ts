import type { Middleware, ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { ApiErrorBody } from '../../shared/api/errors';
import { HttpError, httpErrorOf } from './errors';
import { isDatabaseUnavailable } from './database-unavailable';
import type { AppState } from './types';

interface StatusError {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  message?: unknown;
}

/** Errors thrown by Koa's own helpers and body parsers carry a status and an `expose` flag. */
function koaStatus(err: unknown): { status: number; message: string } | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as StatusError;
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : undefined;
  if (status === undefined || status < 400 || status >= 500 || e.expose === false) return undefined;
  return { status, message: typeof e.message === 'string' ? e.message : 'Bad request' };
}

/** Fields a route's clients expect in every answer, errors included (e.g. `latest_version` for pings). */
export type ErrorExtras = (ctx: ParameterizedContext<AppState>) => Promise<Record<string, unknown> | undefined>;

/** The only place that writes error bodies: `{error, details}` JSON (details null when there are none), never a stack trace. */
export const errorMiddleware: Middleware<AppState> = errorMiddlewareWith();

export interface ErrorAnswer {
  status: number;
  body: ApiErrorBody;
  headers: Record<string, string>;
}

/** What a thrown error answers: its status, the `{error, details}` body and headers (Retry-After, WWW-Authenticate). 5xx causes are logged, never sent. */
export function errorAnswer(thrown: unknown, log: Pick<Logger, 'warn' | 'error'> | undefined): ErrorAnswer {
  const err = httpErrorOf(thrown);
  const headers: Record<string, string> = err instanceof HttpError ? { ...err.headers } : {};
  let status: number;
  let body: ApiErrorBody;
  if (err instanceof HttpError && err.expose) {
    status = err.status;
    body = { error: err.message, details: err.details ?? null };
  } else if (err instanceof z.ZodError) {
    status = 400;
    body = { error: 'Invalid request', details: err.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) };
  } else if (isDatabaseUnavailable(err)) {
    // The database is down or restarting: a clean, retryable answer rather than a 500.
    status = 503;
    headers['Retry-After'] = '5';
    body = { error: 'The database is unreachable: try again in a few seconds', details: null };
    log?.warn({ err }, 'database unreachable');
  } else {
    const known = koaStatus(err);
    if (known) {
      status = known.status;
      body = { error: known.message, details: null };
    } else {
      status = err instanceof HttpError ? err.status : 500;
      body = { error: status === 503 ? 'Service unavailable' : 'Internal server error', details: null };
      log?.error({ err }, 'request failed');
    }
  }
  if (status === 401) headers['WWW-Authenticate'] = 'Bearer';
  return { status, body, headers };
}

export function errorMiddlewareWith(extras?: ErrorExtras): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.path.startsWith('/api') && ctx.status === 404 && ctx.body === undefined) {
        throw new HttpError(404, `No API route for ${ctx.method} ${ctx.path}`);
      }
      if (ctx.path.startsWith('/api') && ctx.status === 405 && typeof ctx.body !== 'object') {
        throw new HttpError(405, `${ctx.method} is not allowed on ${ctx.path}`, { allow: ctx.response.get('Allow') });
      }
    } catch (thrown) {
      const { status, body, headers } = errorAnswer(thrown, ctx.state.log);
      ctx.status = status;
      ctx.set(headers);
      const more = await extras?.(ctx).catch(() => undefined);
      ctx.body = more ? { ...more, ...body } : body;
    }
  };
}
