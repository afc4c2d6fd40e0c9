/**
 * The terminal WebSocket protocol: `/api/deployments/{id}/terminal?token=…[&follow=install]`; a
 * client that can set headers (the desktop app) sends `Authorization: Bearer …` instead, so the
 * token stays out of the address (and out of proxy logs).
 * Text frames carry terminal input and output; the client's only binary frame is the 4-byte resize.
 */

export const terminalPathPattern = /^\/api\/deployments\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/terminal\/?$/i;

/** Close codes the renderer can tell apart (4000-4999 are for applications). */
export const closeCodes = {
  /** the shell ended (exit, or the session was killed) */
  normal: 1000,
  serverShutdown: 1001,
  /** too much input queued before the shell was ready */
  policy: 1008,
  /** a frame over the size limit (sent by `ws` itself) */
  tooBig: 1009,
  internal: 1011,
  /** the same terminal was opened on another socket */
  replaced: 4000,
  unauthorized: 4401,
  /** the API key or sign-in that opened the terminal was revoked (or the key expired): the shell is ended */
  credentialRevoked: 4403,
  notFound: 4404,
  noMachine: 4409,
  /** the deployment was deleted (owner, administrator, timeout or unpaid balance): the shell is ended */
  deploymentDeleted: 4410,
  /** the access token expired: the shell waits for a reconnect with a fresh token (grace period) */
  signInExpired: 4419,
} as const;

/** The reasons sent with the close codes above. */
export const closeReasons = {
  deploymentDeleted: 'Deployment deleted',
  apiKeyRevoked: 'API key revoked',
  apiKeyExpired: 'API key expired',
  signedOut: 'Signed out',
  memberLeft: 'You are no longer a member of this team',
  roleLostDeploy: 'Your role in this team no longer opens terminals',
  signInExpired: 'Sign-in expired: reconnect to continue',
} as const;

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
