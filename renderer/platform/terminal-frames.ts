/** The terminal's 4-byte resize message: rows then columns, 16-bit unsigned big-endian each. */
export function resizeFrame(rows: number, cols: number): ArrayBuffer {
  const buf = new ArrayBuffer(4);
  const view = new DataView(buf);
  view.setUint16(0, Math.max(1, Math.min(0xffff, Math.round(rows))));
  view.setUint16(2, Math.max(1, Math.min(0xffff, Math.round(cols))));
  return buf;
}

/** The close code of a socket whose access token expired (server/terminal/protocol.ts `signInExpired`): the shell waits for a reconnect. */
export const signInExpiredCode = 4419;

/** RIS, the terminal's full reset: clears the screen before the server's replay of the recent output repaints it. */
export const terminalReset = '\x1bc';
