import type { IncomingMessage } from 'node:http';

/**
 * The caller's address as Koa's `ctx.ip` reads it (for a request served outside Koa): with
 * TRUST_PROXY the first X-Forwarded-For entry, otherwise the socket's peer.
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
  const first = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined;
  return first || req.socket.remoteAddress || '';
}
