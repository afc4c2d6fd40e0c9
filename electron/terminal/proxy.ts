import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import { DesktopError } from '../ipc/handle';

/** One entry of Chromium's proxy answer (session.resolveProxy, PAC scripts included). */
export type ProxyRule = { kind: 'direct' } | { kind: 'http' | 'https' | 'socks'; host: string; port: number };

export interface ProxyLogin {
  username: string;
  password: string;
}

/**
 * Credentials for proxies that ask (407), shared by Chromium's `login` event and the terminal
 * sockets' tunnels, so the person is asked once per proxy while the app runs.
 */
export interface ProxyCredentials {
  get(proxy: string): ProxyLogin | undefined;
  /** asks the person (a refused or cancelled question answers undefined); `retry` drops the cached login first */
  ask(proxy: string, realm: string, retry: boolean): Promise<ProxyLogin | undefined>;
}

/**
 * Remembered for this run only (never written to disk); `prompt` is the app's proxy sign-in page
 * (electron/proxy-login), told when the answer before was refused.
 */
export function createProxyCredentials(prompt: (proxy: string, realm: string, retry: boolean) => Promise<ProxyLogin | undefined>): ProxyCredentials {
  const known = new Map<string, ProxyLogin>();
  const asking = new Map<string, Promise<ProxyLogin | undefined>>();
  return {
    get: (proxy) => known.get(proxy),
    ask(proxy, realm, retry) {
      if (retry) known.delete(proxy);
      const cached = known.get(proxy);
      if (cached) return Promise.resolve(cached);
      // several sockets and Chromium asking at once share one question
      let question = asking.get(proxy);
      if (!question) {
        question = prompt(proxy, realm, retry).then((login) => {
          if (login) known.set(proxy, login);
          return login;
        });
        question.finally(() => asking.delete(proxy)).catch(() => undefined);
        asking.set(proxy, question);
      }
      return question;
    },
  };
}

/** Chromium's proxy list ("PROXY a:8080; HTTPS b:443; SOCKS5 c:1080; DIRECT") as rules, in order. */
export function parseProxyList(result: string): ProxyRule[] {
  const rules: ProxyRule[] = [];
  for (const entry of result.split(';')) {
    const [scheme = '', hostPort = ''] = entry.trim().split(/\s+/);
    const type = scheme.toUpperCase();
    if (type === 'DIRECT') rules.push({ kind: 'direct' });
    const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(hostPort);
    if (!m) continue;
    const host = m[1] ?? '';
    const port = Number(m[2]);
    if (type === 'PROXY') rules.push({ kind: 'http', host, port });
    else if (type === 'HTTPS') rules.push({ kind: 'https', host, port });
    else if (type.startsWith('SOCKS')) rules.push({ kind: 'socks', host, port });
  }
  return rules.length ? rules : [{ kind: 'direct' }];
}

const proxyName = (p: { host: string; port: number }) => `${p.host}:${p.port}`;

/** One CONNECT request: the open tunnel, or the proxy's status and its Proxy-Authenticate realm. */
function connect(proxy: { kind: 'http' | 'https'; host: string; port: number }, target: string, login: ProxyLogin | undefined, timeoutMs: number) {
  return new Promise<{ socket: net.Socket } | { status: number; realm: string }>((resolve, reject) => {
    const request = proxy.kind === 'https' ? https.request : http.request;
    const req = request({
      host: proxy.host,
      port: proxy.port,
      method: 'CONNECT',
      path: target,
      headers: { host: target, ...(login ? { 'proxy-authorization': `Basic ${Buffer.from(`${login.username}:${login.password}`).toString('base64')}` } : {}) },
      timeout: timeoutMs,
      agent: false,
    });
    const answered = (res: http.IncomingMessage, socket?: net.Socket) => {
      if (res.statusCode === 200 && socket) return resolve({ socket });
      socket?.destroy();
      res.resume();
      const realm = /realm="([^"]*)"/i.exec(String(res.headers['proxy-authenticate'] ?? ''))?.[1] ?? '';
      resolve({ status: res.statusCode ?? 0, realm });
    };
    req.once('connect', (res, socket) => answered(res, socket));
    req.once('response', (res) => answered(res));
    req.once('timeout', () => req.destroy(new Error(`the proxy ${proxyName(proxy)} did not answer`)));
    req.once('error', reject);
    req.end();
  });
}

/**
 * A tunnel through an HTTP(S) proxy to `target` (host:port). A proxy that asks for credentials
 * (407) gets the known ones, or the person is asked; wrong ones are asked for once more.
 */
export async function openTunnel(proxy: { kind: 'http' | 'https'; host: string; port: number }, target: string, o: { credentials?: ProxyCredentials; timeoutMs?: number } = {}): Promise<net.Socket> {
  const name = proxyName(proxy);
  let login = o.credentials?.get(name);
  for (let attempt = 0; attempt < 3; attempt++) {
    const answer = await connect(proxy, target, login, o.timeoutMs ?? 15_000);
    if ('socket' in answer) return answer.socket;
    if (answer.status !== 407 || !o.credentials || attempt === 2) throw new Error(`the proxy ${name} answered ${answer.status}`);
    login = await o.credentials.ask(name, answer.realm, login !== undefined);
    if (!login) throw new Error(`the proxy ${name} asks for a user name and password, and none was given`);
  }
  throw new Error(`the proxy ${name} refused the credentials`);
}

export interface ProxiedConnectorDeps {
  /** Electron's session.resolveProxy: the window's own proxy settings and PAC script */
  resolveProxy(url: string): Promise<string>;
  credentials?: ProxyCredentials;
  timeoutMs?: number;
}

/**
 * The socket a terminal WebSocket should run on, chosen as the window's network would: the rules
 * Chromium answers for the address, tried in order; undefined means connect directly. SOCKS
 * proxies are skipped (a following rule, if any, is used).
 */
export function proxiedConnector(deps: ProxiedConnectorDeps) {
  return async (url: URL): Promise<net.Socket | undefined> => {
    // Chromium resolves ws:/wss: addresses as http:/https: ones; a PAC script sees the same URL
    const asWeb = new URL(url.href.replace(/^ws/, 'http'));
    const rules = parseProxyList(await deps.resolveProxy(asWeb.href));
    const port = asWeb.port || (asWeb.protocol === 'https:' ? '443' : '80');
    // CONNECT's authority form; an IPv6 hostname keeps its brackets
    const target = `${asWeb.hostname}:${port}`;
    const errors: string[] = [];
    for (const rule of rules) {
      if (rule.kind === 'direct') return undefined;
      if (rule.kind === 'socks') {
        errors.push(`the SOCKS proxy ${proxyName(rule)} is not supported for terminals`);
        continue;
      }
      try {
        return await openTunnel({ ...rule, kind: rule.kind }, target, { credentials: deps.credentials, timeoutMs: deps.timeoutMs });
      } catch (err) {
        errors.push(err instanceof Error ? err.message : String(err));
      }
    }
    throw new DesktopError(`The terminal could not connect: ${errors.join('; ')}`, 'connect_failed');
  };
}
