import { describe, expect, it, vi } from 'vitest';
import { DesktopError, fromWindowPage, registerPageHandlers, wrapHandler, type IpcMainLike } from './handle';

const app = 'https://launchpad.example.com/#/deployments';
const fromApp = { senderFrame: { url: app } };
const allowApp = (url: string) => new URL(url).origin === 'https://launchpad.example.com';

describe('wrapHandler', () => {
  it('answers {result} with the handler value', async () => {
    const h = wrapHandler('terminal:resize', ({ rows, cols }) => void expect([rows, cols]).toEqual([24, 80]), allowApp);
    expect(await h(fromApp, { id: 't1', rows: 24, cols: 80 })).toEqual({ result: undefined });
  });

  it('answers {error} with the message and code when the handler throws', async () => {
    const h = wrapHandler('auth:login', () => Promise.reject(new DesktopError('Sign-in timed out', 'timeout')), allowApp);
    expect(await h(fromApp)).toEqual({ error: { message: 'Sign-in timed out', code: 'timeout' } });
    const plain = wrapHandler(
      'auth:logout',
      () => {
        throw new Error('offline');
      },
      allowApp,
    );
    expect(await plain(fromApp)).toEqual({ error: { message: 'offline', code: undefined } });
  });

  it.each([
    ['a non-uuid deployment id', 'terminal:start', [{ deploymentId: '../../etc', followInstall: false }]],
    ['a missing argument', 'terminal:start', []],
    ['an extra argument', 'auth:login', ['surprise']],
    ['a file: URL to open', 'shell:openExternal', ['file:///etc/passwd']],
    ['a javascript: URL to open', 'shell:openExternal', ['javascript:alert(1)']],
    ['a forged session id', 'terminal:input', [{ id: '__proto__', data: 'x' }]],
    ['a huge resize', 'terminal:resize', [{ id: 't1', rows: 5000, cols: 80 }]],
    ['a file name that is too long', 'files:save', [{ filename: 'x'.repeat(300), data: new ArrayBuffer(1) }]],
    ['file data that is not bytes', 'files:save', [{ filename: 'a.zip', data: 'text' }]],
    ['a download from another server', 'files:download', [{ filename: 'a.zip', path: 'https://evil.example.net/api/x' }]],
    ['a protocol-relative download', 'files:download', [{ filename: 'a.zip', path: '//evil.example.net/api/x' }]],
    ['a download outside the API', 'files:download', [{ filename: 'a.zip', path: '/oidc/token' }]],
    ['a download path with a backslash', 'files:download', [{ filename: 'a.zip', path: '/api/\\evil.example.net' }]],
  ] as const)('refuses %s without calling the handler', async (_what, channel, args) => {
    const handler = vi.fn();
    const h = wrapHandler(channel, handler, allowApp);
    const answer = await h(fromApp, ...args);
    expect(answer).toMatchObject({ error: { code: 'invalid_argument' } });
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses callers that are not the page the channel belongs to', async () => {
    const handler = vi.fn();
    const h = wrapHandler('auth:restore', handler, allowApp);
    expect(await h({ senderFrame: { url: 'https://evil.example.com/' } })).toMatchObject({ error: { code: 'forbidden' } });
    expect(await h({ senderFrame: null })).toMatchObject({ error: { code: 'forbidden' } });
    expect(handler).not.toHaveBeenCalled();
  });

  it('accepts file bytes as ArrayBuffer or Uint8Array', async () => {
    const h = wrapHandler('files:save', ({ data }) => ({ saved: data.byteLength === 3 }), allowApp);
    expect(await h(fromApp, { filename: 'a.zip', data: new ArrayBuffer(3) })).toEqual({ result: { saved: true } });
    expect(await h(fromApp, { filename: 'a.zip', data: new Uint8Array(3) })).toEqual({ result: { saved: true } });
  });
});

describe('registerPageHandlers', () => {
  it('registers exactly the channels of the page', () => {
    const channels: string[] = [];
    const ipcMain: IpcMainLike = { handle: (c) => void channels.push(c) };
    const ok = () => Promise.resolve();
    registerPageHandlers(
      ipcMain,
      'setup',
      { 'setup:defaults': () => ({ serverUrl: 'http://localhost:3000' }), 'setup:check': (url) => ({ url, productName: 'X' }), 'setup:connect': ok, 'setup:useLocal': ok },
      () => true,
    );
    expect(channels).toEqual(['setup:defaults', 'setup:check', 'setup:connect', 'setup:useLocal']);
  });
});

describe('IPC from the app’s main frame only', () => {
  it('a frame inside the page is refused even on the allowed origin', async () => {
    const handler = wrapHandler(
      'auth:restore',
      () => null,
      () => true,
    );
    expect(await handler({ senderFrame: { url: 'https://launchpad.example.com/#/home', parent: null } })).toEqual({ result: null });
    expect(await handler({ senderFrame: { url: 'https://launchpad.example.com/embed', parent: {} } })).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('the app window’s page only: another window showing the server’s origin is refused', async () => {
    const appWindow = { webContents: { id: 1 } };
    const otherWindow = { id: 2 };
    let open: typeof appWindow | undefined = appWindow;
    // as main registers the app page's channels
    const handler = wrapHandler(
      'auth:restore',
      () => null,
      fromWindowPage(
        () => open,
        () => ['https://launchpad.example.com'],
      ),
    );
    const frame = { url: 'https://launchpad.example.com/#/home', parent: null };
    expect(await handler({ senderFrame: frame, sender: appWindow.webContents })).toEqual({ result: null });
    expect(await handler({ senderFrame: { url: 'https://evil.example.com/', parent: null }, sender: appWindow.webContents })).toMatchObject({ error: { code: 'forbidden' } });
    expect(await handler({ senderFrame: frame, sender: otherWindow })).toMatchObject({ error: { code: 'forbidden' } });
    open = undefined;
    expect(await handler({ senderFrame: frame, sender: appWindow.webContents })).toMatchObject({ error: { code: 'forbidden' } });
  });
});
