import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { HttpError } from './errors';
import type { AppState } from './types';

const maxBody = '100kb';

interface BodyError {
  status?: number;
  statusCode?: number;
  type?: string;
  code?: string;
  message?: string;
}

/**
 * Why a body could not be read, as the caller's mistake: too large, not JSON, a compression that is
 * unknown or corrupt, broken JSON. The body parser and zlib throw these without a status a client
 * could act on (a corrupt gzip body was a 500).
 */
export function malformedBody(err: unknown): HttpError {
  const e = (typeof err === 'object' && err !== null ? err : {}) as BodyError;
  const status = e.status ?? e.statusCode;
  if (status === 413 || e.type === 'entity.too.large') return new HttpError(413, `The request body is larger than ${maxBody}`);
  if (status === 415 || e.type === 'encoding.unsupported')
    return new HttpError(415, e.message?.startsWith('Unsupported Content-Encoding') ? e.message : 'Send the body as JSON (Content-Type: application/json)');
  if (typeof e.code === 'string' && e.code.startsWith('Z_')) return new HttpError(400, 'The request body could not be decompressed: check its Content-Encoding');
  if (e.type === 'request.size.invalid') return new HttpError(400, 'The request body is shorter or longer than its Content-Length');
  if (e.type === 'request.aborted') return new HttpError(400, 'The request body was cut off');
  return new HttpError(400, 'The request body is not valid JSON', { reason: typeof e.message === 'string' ? e.message.slice(0, 200) : null });
}

/** JSON bodies for /api: parsed with @koa/bodyparser; anything it cannot read is a 4xx `{error, details}`. */
export function jsonBody(): Middleware<AppState> {
  const parser = bodyParser({ enableTypes: ['json'], jsonLimit: maxBody, encoding: 'utf-8' });
  return async (ctx, next) => {
    // The parser reads POST, PUT and PATCH bodies only; the reads (most requests) skip it at once.
    if (ctx.method === 'GET' || ctx.method === 'HEAD' || ctx.method === 'DELETE') return next();
    try {
      await parser(ctx, async () => undefined);
    } catch (err) {
      throw malformedBody(err);
    }
    await next();
  };
}
