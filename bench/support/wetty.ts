import type { AddressInfo } from 'node:net';

export interface RunningWetty {
  url: string;
  close(): Promise<void>;
}

/**
 * WeTTY (npm `wetty`, benchmark-only) on a loopback port, running `bash` for each connection.
 * WeTTY runs a local command only when it runs as root (otherwise it logs in over SSH), so this
 * answers why it was skipped when that is not the case.
 */
export async function startWetty(): Promise<RunningWetty | { skipped: string }> {
  if (process.getuid?.() !== 0) return { skipped: 'WeTTY runs a local shell only as root (otherwise it logs in over SSH): WeTTY figures skipped' };
  const { start, getLogger } = await import('wetty');
  // Its request and process logs would drown the bench output.
  getLogger().silent = true;
  const io = await start(undefined, { port: 0, host: '127.0.0.1', socket: false, title: 'bench', base: '/', allowIframe: false }, 'bash', false);
  const server = io.httpServer;
  if (!server.listening) await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => void io.close(() => resolve())),
  };
}
