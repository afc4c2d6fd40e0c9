import type { TerminalHandlers } from '../../platform/types';

export const terminalMessages = {
  connected: '*** Connected ***',
  disconnected: '*** Disconnected ***',
  failed: '*** Error: Connection failed ***',
} as const;

const dim = (s: string) => `\x1b[2m${s}\x1b[0m`;

/**
 * The connection's events as terminal text: "*** Connected ***" on open, the shell's output,
 * "*** Error: Connection failed ***" on an error and "*** Disconnected ***" (with the server's
 * reason) on close. A socket that never opened reports the failure only.
 */
export function terminalHandlers(o: { write(text: string): void; onOpen?(): void; onOutput?(chunk: string): void }): TerminalHandlers {
  let opened = false;
  let failed = false;
  return {
    onOpen() {
      opened = true;
      o.write(`${dim(terminalMessages.connected)}\r\n`);
      o.onOpen?.();
    },
    onData(data) {
      o.write(data);
      o.onOutput?.(data);
    },
    onError() {
      if (failed) return;
      failed = true;
      o.write(`\r\n${terminalMessages.failed}\r\n`);
    },
    onClose(reason) {
      if (!opened && failed) return;
      o.write(`\r\n${dim(terminalMessages.disconnected)}${reason ? ` ${reason}` : ''}\r\n`);
    },
  };
}
