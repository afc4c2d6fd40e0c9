import net from 'node:net';

/**
 * An upstream that accepts connections and, until told to answer, never writes a byte (a code host
 * behind a firewall that drops replies, a hung proxy). `answer` makes later requests get `body` as
 * JSON and drops the connections held so far, as a recovering host does.
 */
export interface SilentUpstream {
  url: string;
  /** connections accepted so far */
  connections(): number;
  /** connections open and unanswered now */
  held(): number;
  answer(body: unknown): void;
  close(): Promise<void>;
}

export async function startSilentUpstream(path = '/releases'): Promise<SilentUpstream> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  let reply: string | undefined;
  const server = net.createServer((socket) => {
    accepted += 1;
    socket.on('error', () => undefined);
    if (reply === undefined) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      return;
    }
    const body = reply;
    socket.once('data', () => socket.end(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    connections: () => accepted,
    held: () => sockets.size,
    answer(body) {
      reply = JSON.stringify(body);
      for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
