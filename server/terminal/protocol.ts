/**
 * The terminal WebSocket protocol: `/api/deployments/{id}/terminal?token=…[&follow=install]`; a
 * client that can set headers (the desktop app) sends `Authorization: Bearer …` instead, so the
 * token stays out of the address (and out of proxy logs).
 * Text frames carry terminal input and output; the client's only binary frame is the 4-byte resize.
 */

export { closeCodes, closeReasons, terminalPathPattern } from '../../shared/terminal/protocol';

export const maxResize = 1000;

/** A 4-byte resize frame: rows then columns, uint16 big-endian, clamped to 1..1000; null for any other binary frame. */
export function parseResize(frame: Buffer): { rows: number; cols: number } | null {
  if (frame.length !== 4) return null;
  const clamp = (n: number) => Math.max(1, Math.min(maxResize, n));
  return { rows: clamp(frame.readUInt16BE(0)), cols: clamp(frame.readUInt16BE(2)) };
}

/** A close frame's reason must fit in 123 bytes: longer ones are cut to 120 and marked. */
export const shortReason = (s: string) =>
  Buffer.byteLength(s) <= 120
    ? s
    : `${Buffer.from(s)
        .subarray(0, 117)
        .toString('utf8')
        .replace(/\uFFFD$/, '')}...`;

/** The socket's token: the Authorization header's bearer token, else the `token` parameter (browsers cannot set headers on a WebSocket). */
export function socketToken(headers: { authorization?: string | undefined }, url: URL): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
  return bearer ?? url.searchParams.get('token');
}
