import { WebSocket } from 'ws';

/** What a terminal socket at `url` comes to: `open` at its first output, or the close code of a refusal. No timer: however slow the machine, one of the two arrives. */
export function terminalOutcome(url: string): Promise<number | 'open'> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.on('error', () => undefined);
    ws.on('message', () => {
      ws.close(1000);
      resolve('open');
    });
    ws.on('close', (code) => resolve(code));
  });
}
