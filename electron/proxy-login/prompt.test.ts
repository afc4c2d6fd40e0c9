import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProxyQuestion } from '../../shared/desktop/ipc';
import { createProxyCredentials, openTunnel, proxiedConnector } from '../terminal/proxy';
import { createProxyLoginPrompt, proxyCancelledMessage, proxyLoginHandler, type PromptWindow } from './prompt';

/** A real proxy round trip can take more than vi.waitFor's 1 s default on a busy machine. */
const busy = { timeout: 10_000 };

/** A CONNECT proxy that wants `ada:s3cret` (Basic): 407 without it, then 200 and a tunnel. */
function guardedProxy() {
  const attempts: (string | undefined)[] = [];
  const server = http.createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req: http.IncomingMessage, client: net.Socket) => {
    attempts.push(req.headers['proxy-authorization']);
    if (req.headers['proxy-authorization'] !== `Basic ${Buffer.from('ada:s3cret').toString('base64')}`) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="corp"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host = '', port = ''] = (req.url ?? '').split(':');
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  return { server, attempts };
}

/** The prompt window as the page drives it: it reads the question, then types, cancels or is closed. */
function fakeWindows() {
  const opened: ProxyQuestion[] = [];
  let closeListener: (() => void) | undefined;
  const open = (question: ProxyQuestion): PromptWindow => {
    opened.push(question);
    return { close: () => undefined, onClosed: (l) => void (closeListener = l) };
  };
  return { opened, open, closeByHand: () => closeListener?.() };
}

const listen = async (server: http.Server | net.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

describe('proxies that ask for a user name and password', () => {
  const proxy = guardedProxy();
  const target = net.createServer((s) => s.pipe(s)); // echoes
  let proxyPort = 0;
  let targetPort = 0;
  beforeAll(async () => {
    proxyPort = await listen(proxy.server);
    targetPort = await listen(target);
  });
  afterAll(async () => {
    proxy.server.closeAllConnections();
    await new Promise((resolve) => proxy.server.close(resolve));
    await new Promise((resolve) => target.close(resolve));
  });

  it('the proxy answers 407, the prompt page asks, the tunnel opens with the answer (200); the next one is not asked again', async () => {
    const windows = fakeWindows();
    const prompt = createProxyLoginPrompt(windows.open);
    const credentials = createProxyCredentials(prompt.ask);
    const tunnel = openTunnel({ kind: 'http', host: '127.0.0.1', port: proxyPort }, `127.0.0.1:${targetPort}`, { credentials });
    await vi.waitFor(() => expect(prompt.question()).toEqual({ proxy: `127.0.0.1:${proxyPort}`, realm: 'corp', retry: false }), busy);
    prompt.answer({ username: 'ada', password: 's3cret' });
    const socket = await tunnel;
    const text = await new Promise<string>((resolve) => {
      socket.once('data', (d) => resolve(String(d)));
      socket.write('hello through the proxy');
    });
    socket.destroy();
    expect(text).toBe('hello through the proxy');
    expect(proxy.attempts.slice(-2)).toEqual([undefined, `Basic ${Buffer.from('ada:s3cret').toString('base64')}`]);

    (await openTunnel({ kind: 'http', host: '127.0.0.1', port: proxyPort }, `127.0.0.1:${targetPort}`, { credentials })).destroy();
    expect(windows.opened).toHaveLength(1);
    expect(prompt.question()).toBeNull();
  });

  it('a wrong answer is asked for again, saying it was refused', async () => {
    const windows = fakeWindows();
    const prompt = createProxyLoginPrompt(windows.open);
    const credentials = createProxyCredentials(prompt.ask);
    const tunnel = openTunnel({ kind: 'http', host: '127.0.0.1', port: proxyPort }, `127.0.0.1:${targetPort}`, { credentials });
    await vi.waitFor(() => expect(prompt.question()?.retry).toBe(false), busy);
    prompt.answer({ username: 'ada', password: 'wrong' });
    await vi.waitFor(() => expect(prompt.question()?.retry).toBe(true), busy);
    prompt.answer({ username: 'ada', password: 's3cret' });
    (await tunnel).destroy();
  });

  it('Cancel (or closing the window) fails the terminal with a clear message', async () => {
    const windows = fakeWindows();
    const prompt = createProxyLoginPrompt(windows.open);
    const connect = proxiedConnector({ resolveProxy: async () => `PROXY 127.0.0.1:${proxyPort}`, credentials: createProxyCredentials(prompt.ask) });
    const cancelled = connect(new URL(`ws://127.0.0.1:${targetPort}/api/deployments/x/terminal`));
    await vi.waitFor(() => expect(prompt.question()).not.toBeNull(), busy);
    windows.closeByHand();
    await expect(cancelled).rejects.toThrow(`The terminal could not connect: the proxy 127.0.0.1:${proxyPort} asks for a user name and password, and none was given`);
    expect(prompt.question()).toBeNull();
  });

  it('asks one question at a time', async () => {
    const windows = fakeWindows();
    const prompt = createProxyLoginPrompt(windows.open);
    const first = prompt.ask('a.corp:3128', 'corp', false);
    const second = prompt.ask('b.corp:8080', 'lab', false);
    await vi.waitFor(() => expect(windows.opened).toHaveLength(1), busy);
    prompt.answer({ username: 'ada', password: '1' });
    await expect(first).resolves.toEqual({ username: 'ada', password: '1' });
    await vi.waitFor(() => expect(prompt.question()?.proxy).toBe('b.corp:8080'), busy);
    prompt.answer(null);
    await expect(second).resolves.toBeUndefined();
  });
});

describe('Electron’s login event', () => {
  const authInfo = { isProxy: true, host: 'proxy.corp', port: 3128, realm: 'corp' };
  const setup = () => {
    let clock = 1_000_000;
    const prompt = vi.fn(async (_proxy: string, _realm: string, retry: boolean) => (retry ? { username: 'ada', password: 'right' } : { username: 'ada', password: 'first' }));
    const onCancelled = vi.fn();
    const handle = proxyLoginHandler(createProxyCredentials(prompt), { onCancelled, now: () => clock });
    const login = async (info = authInfo) => {
      const event = { preventDefault: vi.fn() };
      const callback = vi.fn();
      handle(event, info, callback);
      await vi.waitFor(() => (event.preventDefault.mock.calls.length ? expect(callback).toHaveBeenCalled() : undefined), busy);
      return { event, callback };
    };
    return { prompt, onCancelled, login, later: (ms: number) => (clock += ms) };
  };

  it('answers a proxy with what the person typed, asked once for this run', async () => {
    const { prompt, login, later } = setup();
    expect((await login()).callback).toHaveBeenCalledWith('ada', 'first');
    later(500); // another request of the same page load
    expect((await login()).callback).toHaveBeenCalledWith('ada', 'first');
    expect(prompt).toHaveBeenCalledTimes(1);
    later(10_000); // asked again later: the answer was refused
    expect((await login()).callback).toHaveBeenCalledWith('ada', 'right');
    expect(prompt.mock.calls.map((c) => c[2])).toEqual([false, true]);
  });

  it('leaves a server’s own sign-in prompt alone (not a proxy)', async () => {
    const { prompt, login } = setup();
    const { event, callback } = await login({ ...authInfo, isProxy: false });
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(callback).not.toHaveBeenCalled();
    expect(prompt).not.toHaveBeenCalled();
  });

  it('Cancel lets the request fail and says which proxy', async () => {
    const onCancelled = vi.fn();
    const handle = proxyLoginHandler(
      createProxyCredentials(async () => undefined),
      { onCancelled },
    );
    const callback = vi.fn();
    handle({ preventDefault: () => undefined }, authInfo, callback);
    await vi.waitFor(() => expect(callback).toHaveBeenCalledWith(), busy);
    expect(onCancelled).toHaveBeenCalledWith('proxy.corp:3128');
    expect(proxyCancelledMessage('proxy.corp:3128')).toMatch(/^The proxy proxy.corp:3128 asks for a user name and password, and none was given/);
  });
});
