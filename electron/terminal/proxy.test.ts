import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import type { PushPayloads } from '../../shared/desktop/ipc';
import { createProxyCredentials, parseProxyList, proxiedConnector } from './proxy';
import { createTerminalSessions, type TerminalPush } from './sessions';

const deploymentId = '00000000-0000-4000-8000-000000000001';

/** A terminal socket stand-in: records how it was reached, answers every frame with "echo:" + frame. */
function terminalServer() {
  const server = http.createServer();
  const wss = new WebSocketServer({ server });
  const seen: { url: string; authorization: string | undefined }[] = [];
  wss.on('connection', (ws, req) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    ws.on('message', (data) => ws.send(`echo:${String(data)}`));
  });
  return { server, seen };
}

/** A tiny CONNECT proxy (node:http 'connect'), optionally asking for Basic credentials. */
function connectProxy(login?: string) {
  const tunnels: string[] = [];
  const server = http.createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const expected = login ? `Basic ${Buffer.from(login).toString('base64')}` : undefined;
    if (expected && req.headers['proxy-authorization'] !== expected) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="corp"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    tunnels.push(req.url ?? '');
    const [host = '', port = ''] = (req.url ?? '').split(':');
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  return { server, tunnels };
}

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

function recorder() {
  const data: string[] = [];
  const send: TerminalPush = (channel, payload) => {
    if (channel === 'terminal:data') data.push((payload as PushPayloads['terminal:data']).data);
  };
  const waitFor = (text: string) => vi.waitFor(() => expect(data.join('')).toContain(text), { timeout: 10_000 });
  return { send, waitFor };
}

describe('terminal sockets through the window’s proxy', () => {
  const target = terminalServer();
  const open = connectProxy();
  const guarded = connectProxy('ada:s3cret');
  let serverUrl = '';
  let openPort = 0;
  let guardedPort = 0;
  let closedPort = 0;

  beforeAll(async () => {
    serverUrl = `http://127.0.0.1:${await listen(target.server)}`;
    openPort = await listen(open.server);
    guardedPort = await listen(guarded.server);
    // a port nothing listens on: a PAC script's first, dead proxy
    const dead = net.createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    closedPort = (dead.address() as AddressInfo).port;
    await new Promise((resolve) => dead.close(resolve));
  });
  afterAll(async () => {
    for (const s of [target.server, open.server, guarded.server]) {
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    }
  });

  it('tunnels through the proxy Chromium names (a PAC answer: the dead first proxy is skipped), with the token in a header, not the address', async () => {
    const resolveProxy = vi.fn(async (_url: string) => `PROXY 127.0.0.1:${closedPort}; PROXY 127.0.0.1:${openPort}; DIRECT`);
    const r = recorder();
    const sessions = createTerminalSessions({ send: r.send, serverUrl: () => serverUrl, accessToken: async () => 'secret-token', connectVia: proxiedConnector({ resolveProxy }) });
    const { id } = await sessions.start(deploymentId, false);
    sessions.input(id, 'hello');
    await r.waitFor('echo:hello');
    sessions.close(id);

    expect(resolveProxy).toHaveBeenCalledWith(`${serverUrl}/api/deployments/${deploymentId}/terminal`);
    expect(open.tunnels).toEqual([new URL(serverUrl).host]);
    expect(target.seen.at(-1)).toEqual({ url: `/api/deployments/${deploymentId}/terminal`, authorization: 'Bearer secret-token' });
  });

  it('asks once for the credentials of a proxy that wants them (407), and reuses them for the next terminal', async () => {
    const prompt = vi.fn(async (proxy: string, realm: string) => (proxy && realm === 'corp' ? { username: 'ada', password: 's3cret' } : undefined));
    const connectVia = proxiedConnector({ resolveProxy: async () => `PROXY 127.0.0.1:${guardedPort}`, credentials: createProxyCredentials(prompt) });
    const r = recorder();
    const sessions = createTerminalSessions({ send: r.send, serverUrl: () => serverUrl, accessToken: async () => 'secret-token', connectVia });
    for (const word of ['one', 'two']) {
      const { id } = await sessions.start(deploymentId, false);
      sessions.input(id, word);
      await r.waitFor(`echo:${word}`);
      sessions.close(id);
    }
    expect(prompt.mock.calls).toEqual([[`127.0.0.1:${guardedPort}`, 'corp', false]]);
    expect(guarded.tunnels).toHaveLength(2);
  });

  it('a refused question ends the start with the reason; DIRECT connects without a proxy', async () => {
    const refused = proxiedConnector({ resolveProxy: async () => `PROXY 127.0.0.1:${guardedPort}`, credentials: createProxyCredentials(async () => undefined) });
    const sessions = createTerminalSessions({ send: () => undefined, serverUrl: () => serverUrl, accessToken: async () => 't', connectVia: refused });
    await expect(sessions.start(deploymentId, false)).rejects.toMatchObject({ code: 'connect_failed', message: expect.stringContaining('asks for a user name and password, and none was given') });

    const before = open.tunnels.length;
    const direct = createTerminalSessions({ send: () => undefined, serverUrl: () => serverUrl, accessToken: async () => 't', connectVia: proxiedConnector({ resolveProxy: async () => 'DIRECT' }) });
    const { id } = await direct.start(deploymentId, false);
    direct.close(id);
    expect(open.tunnels).toHaveLength(before);
  });

  it('reads Chromium’s proxy lists', () => {
    expect(parseProxyList('PROXY proxy.corp:8080; HTTPS secure.corp:443; SOCKS5 socks.corp:1080; DIRECT')).toEqual([
      { kind: 'http', host: 'proxy.corp', port: 8080 },
      { kind: 'https', host: 'secure.corp', port: 443 },
      { kind: 'socks', host: 'socks.corp', port: 1080 },
      { kind: 'direct' },
    ]);
    expect(parseProxyList('PROXY [::1]:3128')).toEqual([{ kind: 'http', host: '::1', port: 3128 }]);
    expect(parseProxyList('')).toEqual([{ kind: 'direct' }]);
  });
});
