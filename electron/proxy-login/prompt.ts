import type { ProxyQuestion } from '../../shared/desktop/ipc';
import type { ProxyCredentials, ProxyLogin } from '../terminal/proxy';

/** The small window the question is asked in (Electron's BrowserWindow in the app, a fake in tests). */
export interface PromptWindow {
  close(): void;
  /** the person closed it (or it crashed): the question counts as cancelled */
  onClosed(listener: () => void): void;
}

export interface ProxyLoginPrompt {
  /** for createProxyCredentials: asks the person, one question at a time; cancelled → undefined */
  ask(proxy: string, realm: string, retry: boolean): Promise<ProxyLogin | undefined>;
  /** what the open page asks (proxyLogin:question) */
  question(): ProxyQuestion | null;
  /** the page's answer (proxyLogin:answer); null: Cancel */
  answer(login: ProxyLogin | null): void;
}

/**
 * The proxy sign-in prompt: a page of the app's own (app://proxy-login) in a small window asks for
 * the user name and password of a proxy that answered 407. Questions come one at a time (Chromium
 * and the terminal sockets may ask together); closing the window is Cancel.
 */
export function createProxyLoginPrompt(open: (question: ProxyQuestion) => PromptWindow): ProxyLoginPrompt {
  let current: { question: ProxyQuestion; window: PromptWindow; settle(login: ProxyLogin | undefined): void } | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const askNow = (question: ProxyQuestion) =>
    new Promise<ProxyLogin | undefined>((resolve) => {
      let done = false;
      const settle = (login: ProxyLogin | undefined) => {
        if (done) return;
        done = true;
        current = undefined;
        resolve(login);
      };
      const window = open(question);
      current = { question, window, settle };
      window.onClosed(() => settle(undefined));
    });

  return {
    ask(proxy, realm, retry) {
      const next = queue.then(() => askNow({ proxy, realm, retry }));
      queue = next.catch(() => undefined);
      return next;
    },
    question: () => current?.question ?? null,
    answer(login) {
      const asked = current;
      if (!asked) return;
      asked.settle(login ?? undefined);
      asked.window.close();
    },
  };
}

/** What Electron's `login` event (app or webContents) passes about who asks. */
export interface AuthInfoLike {
  isProxy: boolean;
  host: string;
  port: number;
  realm: string;
}

/** Chromium asking again this soon after an answer is another request of the same moment, not a refusal. */
const sameMomentMs = 3_000;

/**
 * The handler of Electron's `login` event: proxies that ask are answered with the credentials the
 * person gave for this run (asked once per proxy, shared with the terminal sockets); a server's own
 * sign-in prompt (not a proxy) is left to Chromium's default, which cancels it. A proxy that asks
 * again after the answer was used means the answer was wrong: the person is asked again, told so.
 * Cancel lets the request fail; `onCancelled` says which proxy, so the app can tell why.
 */
export function proxyLoginHandler(credentials: ProxyCredentials, o: { onCancelled?(proxy: string): void; now?: () => number } = {}) {
  const now = o.now ?? Date.now;
  const answeredAt = new Map<string, number>();
  return (event: { preventDefault(): void }, authInfo: AuthInfoLike, callback: (username?: string, password?: string) => void): void => {
    if (!authInfo.isProxy) return;
    event.preventDefault();
    const proxy = `${authInfo.host}:${authInfo.port}`;
    const retry = credentials.get(proxy) !== undefined && now() - (answeredAt.get(proxy) ?? 0) > sameMomentMs;
    credentials.ask(proxy, authInfo.realm, retry).then(
      (login) => {
        if (!login) {
          o.onCancelled?.(proxy);
          return callback();
        }
        answeredAt.set(proxy, now());
        callback(login.username, login.password);
      },
      () => callback(),
    );
  };
}

/** Why a page or a request failed after the person cancelled a proxy's question. */
export const proxyCancelledMessage = (proxy: string) => `The proxy ${proxy} asks for a user name and password, and none was given. Connect again to be asked once more.`;
