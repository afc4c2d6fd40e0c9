/**
 * The terminal WebSocket's wire words, shared by the server that answers the socket and the desktop
 * app that opens it: the path, the close codes and the reasons sent with them.
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
