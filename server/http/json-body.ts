import type { IncomingMessage } from 'node:http';
import coBody from 'co-body';
import type { Middleware } from 'koa';
import typeis from 'type-is';
import { HttpError } from './errors';
import type { AppState } from './types';

const maxBody = '100kb';
/** The media types read as JSON (@koa/bodyparser's list); a body of another type reads as `{}`, which the route's schema refuses. */
const jsonTypes = ['application/json', 'application/json-patch+json', 'application/vnd.api+json', 'application/csp-report', 'application/reports+json', 'application/scim+json'];

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

export interface JsonBody {
  parsed: unknown;
  /** the body as received (a webhook's signature is checked over it); undefined when not JSON */
  raw: string | undefined;
}

/**
 * Reads a request's JSON body (co-body: the limit, the Content-Encodings, objects and arrays only,
 * `__proto__` refused); anything it cannot read is a 4xx. One reader for the Koa routes and the
 * ping lane (server/pings/lane.ts), so both refuse the same bodies the same way.
 */
export async function readJsonBody(req: IncomingMessage): Promise<JsonBody> {
  const type = req.headers['content-type']?.replace(/;$/, '');
  if (!type || typeis.is(type, jsonTypes) === false) return { parsed: {}, raw: undefined };
  try {
    const read = (await coBody.json(req, { limit: maxBody, encoding: 'utf-8', returnRawBody: true })) as { parsed: unknown; raw: string };
    return { parsed: read.parsed, raw: read.raw };
  } catch (err) {
    throw malformedBody(err);
  }
}

/** JSON bodies for /api, read by `readJsonBody` into `ctx.request.body` and `rawBody`. */
export function jsonBody(): Middleware<AppState> {
  return async (ctx, next) => {
    // Only POST, PUT and PATCH carry a body; the reads (most requests) skip it at once.
    if (ctx.method === 'POST' || ctx.method === 'PUT' || ctx.method === 'PATCH') {
      const { parsed, raw } = await readJsonBody(ctx.req);
      ctx.request.body = parsed;
      ctx.request.rawBody = raw as string;
    }
    await next();
  };
}
