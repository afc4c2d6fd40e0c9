export interface TerminalOptions {
  /** how long a shell outlives its dropped socket, waiting for a reconnect (default 30 s) */
  graceMs: number;
  /** recent output kept for a reconnect, in characters (default 64 KiB) */
  scrollbackChars: number;
  /** largest frame accepted from a client; bigger ones close the socket with 1009 (default 64 KiB) */
  maxPayload: number;
  /** output queued on a socket above which the shell is paused (default 1 MiB) ... */
  highWaterMark: number;
  /** ... and below which it is resumed (default 256 KiB) */
  lowWaterMark: number;
  /** input a client may send before its shell is ready (default 256 KiB) */
  maxPendingInput: number;
  /** ping interval; a socket that missed a pong by the next ping is dropped (default 30 s) */
  heartbeatMs: number;
  /** how long to keep trying to reach a machine that refuses connections while it boots (default 5 min) ... */
  machineWaitMs: number;
  /** ... and the pause between tries (default 3 s) */
  openRetryMs: number;
  /**
   * how often the live terminals are checked against the database (default 1 s): a deployment
   * deleted or an API key revoked through another instance ends them, an expired token closes its
   * socket, and a shell whose grace period is over on the injected clock is ended
   */
  checkMs: number;
}

export const defaultTerminalOptions: TerminalOptions = {
  graceMs: 30_000,
  scrollbackChars: 64 * 1024,
  maxPayload: 64 * 1024,
  highWaterMark: 1024 * 1024,
  lowWaterMark: 256 * 1024,
  maxPendingInput: 256 * 1024,
  heartbeatMs: 30_000,
  machineWaitMs: 5 * 60_000,
  openRetryMs: 3000,
  checkMs: 1000,
};
