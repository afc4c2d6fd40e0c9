import { describe, expect, it, vi } from 'vitest';
import {
  desktopDefaultCsp,
  isExternalAllowed,
  isNavigationAllowed,
  secureSession,
  secureWebContents,
  secureWebPreferences,
  withDefaultCsp,
  type NavigationEvent,
  type SessionLike,
  type WebContentsLike,
} from './security';

const server = 'https://launchpad.example.com';
const firstRun = 'file:///opt/Launchpad/resources/app.asar/dist/electron/first-run/index.html';

function fakeWebContents() {
  const listeners = new Map<string, (e: never) => void>();
  let openHandler: ((d: { url: string }) => { action: 'deny' }) | undefined;
  const wc: WebContentsLike = {
    on: (event: string, listener: (e: never) => void) => listeners.set(event, listener),
    setWindowOpenHandler: (h) => void (openHandler = h),
  };
  const emit = (event: 'will-navigate' | 'will-redirect', url: string) => {
    const e: NavigationEvent = { url, preventDefault: vi.fn() };
    (listeners.get(event) as (e: NavigationEvent) => void)(e);
    return e.preventDefault as ReturnType<typeof vi.fn>;
  };
  return { wc, emit, listeners, open: (url: string) => openHandler?.({ url }) };
}

describe('navigation allow-list', () => {
  it.each([
    [`${server}/#/deployments`, true],
    [`${server}/oidc/auth?x=1`, true],
    ['https://launchpad.example.com:8443/', false],
    ['http://launchpad.example.com/', false],
    ['https://evil.example.com/', false],
    ['http://localhost:8080/import-agent?payload=x', false],
    [firstRun, true],
    [`${firstRun}?x#y`, true],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s allowed: %s', (url, allowed) => {
    expect(isNavigationAllowed(url, [server, firstRun])).toBe(allowed);
  });

  it.each([
    ['app://first-run/index.html', true],
    ['app://first-run/index.html?x#y', true],
    // every page is an origin of its own ("null" for the URL standard): another page or file of the scheme is not this page
    ['app://tray/index.html', false],
    ['app://first-run/page.js', false],
    ['app://first-run.evil/index.html', false],
    ['file:///first-run/index.html', false],
  ])('bundled page on app:// — %s allowed: %s', (url, allowed) => {
    expect(isNavigationAllowed(url, ['app://first-run/index.html'])).toBe(allowed);
  });

  it.each([
    ['https://docs.example.com/', true],
    ['http://localhost:8080/import-agent?payload=x', true],
    ['mailto:sales@example.com', true],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['smb://share/x', false],
    ['', false],
  ])('external %s: %s', (url, allowed) => expect(isExternalAllowed(url)).toBe(allowed));
});

describe('secureWebContents against a fake webContents', () => {
  const setup = () => {
    const fake = fakeWebContents();
    const openExternal = vi.fn();
    secureWebContents(fake.wc, { allowedOrigins: () => [server], openExternal });
    return { ...fake, openExternal };
  };

  it('lets the app navigate within its own origin', () => {
    const { emit, openExternal } = setup();
    expect(emit('will-navigate', `${server}/#/licenses`)).not.toHaveBeenCalled();
    expect(emit('will-redirect', `${server}/oidc/interaction/1`)).not.toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('cancels navigation elsewhere and opens web links in the system browser', () => {
    const { emit, openExternal } = setup();
    expect(emit('will-navigate', 'http://localhost:8080/import-agent?payload=abc')).toHaveBeenCalled();
    expect(emit('will-redirect', 'https://elsewhere.example.com/')).toHaveBeenCalled();
    expect(openExternal.mock.calls).toEqual([['http://localhost:8080/import-agent?payload=abc'], ['https://elsewhere.example.com/']]);
  });

  it('drops navigation to other schemes without opening anything', () => {
    const { emit, openExternal } = setup();
    expect(emit('will-navigate', 'file:///etc/passwd')).toHaveBeenCalled();
    expect(emit('will-navigate', 'javascript:alert(1)')).toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('denies window.open, opening web links externally', () => {
    const { open, openExternal } = setup();
    expect(open('https://deployment.example.com/')).toEqual({ action: 'deny' });
    expect(open(`${server}/#/home`)).toEqual({ action: 'deny' });
    expect(open('file:///tmp/x')).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://deployment.example.com/'], [`${server}/#/home`]]);
  });

  it('refuses <webview> tags', () => {
    const { listeners } = setup();
    const e = { preventDefault: vi.fn() };
    (listeners.get('will-attach-webview') as (e: { preventDefault(): void }) => void)(e);
    expect(e.preventDefault).toHaveBeenCalled();
  });
});

describe('secureSession', () => {
  it('denies every permission request and check', () => {
    let request: Parameters<SessionLike['setPermissionRequestHandler']>[0] | undefined;
    let check: Parameters<SessionLike['setPermissionCheckHandler']>[0] | undefined;
    secureSession({ setPermissionRequestHandler: (h) => void (request = h), setPermissionCheckHandler: (h) => void (check = h) });
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      request?.({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
      expect(check?.({}, permission)).toBe(false);
    }
  });
});

describe('secureWebPreferences', () => {
  it('isolates, sandboxes and never disables web security', () => {
    expect(secureWebPreferences('/p.cjs')).toMatchObject({ preload: '/p.cjs', contextIsolation: true, nodeIntegration: false, sandbox: true, webSecurity: true, webviewTag: false });
  });
});

describe('app window CSP when the server sends none', () => {
  it.each([
    ['no CSP: the desktop default is added', { 'Content-Type': ['text/html'] }, [desktopDefaultCsp]],
    ["the server's own CSP is kept", { 'content-security-policy': ["default-src 'self'"] }, undefined],
    ["the server's own CSP in any letter case is kept", { 'Content-Security-Policy': ["default-src 'none'"] }, ["default-src 'none'"]],
  ])('%s', (_case, headers, added) => {
    const out = withDefaultCsp(headers);
    expect(out['Content-Security-Policy']).toEqual(added);
    expect(out['Content-Type'] ?? out['content-security-policy'] ?? out['Content-Security-Policy']).toBeTruthy();
  });

  it('the default allows only the server itself to run scripts and be framed by nobody', () => {
    expect(desktopDefaultCsp).toContain("script-src 'self'");
    expect(desktopDefaultCsp).toContain("object-src 'none'");
    expect(desktopDefaultCsp).toContain("frame-ancestors 'none'");
    expect(desktopDefaultCsp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });
});
