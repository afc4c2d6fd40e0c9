/**
 * Every security rule of the desktop shell in one place. Electron objects are described by the
 * few members used here, so the rules run in Node tests against fakes.
 */

export interface NavigationEvent {
  url: string;
  preventDefault(): void;
}

export interface WebContentsLike {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface SessionLike {
  setPermissionRequestHandler(handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean): void;
}

/** The only webPreferences any Launchpad window is created with. Never `webSecurity: false`. */
export function secureWebPreferences(preload: string) {
  return {
    preload,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    nodeIntegrationInWorker: false,
    sandbox: true,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    // a middle click would otherwise open a link in a new window, past setWindowOpenHandler's intent
    disableBlinkFeatures: 'Auxclick',
  } as const;
}

/** Schemes the system may open for the user: web pages and mail. Never file:, javascript:, custom handlers. */
export function isExternalAllowed(url: string): boolean {
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** In-app navigation stays on the allowed origins (the chosen server; bundled pages by exact URL). */
export function isNavigationAllowed(url: string, allowed: readonly string[]): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  return allowed.some((entry) => {
    const a = new URL(entry);
    // file: and app: URLs have no web origin (Node and the URL standard call it "null"): only the exact bundled page (without query or hash) is allowed
    if (a.protocol !== 'http:' && a.protocol !== 'https:') return target.protocol === a.protocol && target.host === a.host && target.pathname === a.pathname;
    return target.origin === a.origin;
  });
}

export interface WindowRules {
  /** read on every navigation: the server can change after first run */
  allowedOrigins(): readonly string[];
  openExternal(url: string): void;
}

/**
 * Navigation outside the allow-list is cancelled and, if it is a web or mail link, handed to the
 * system browser; `window.open` is always denied (and opened externally); `<webview>` is refused.
 */
export function secureWebContents(wc: WebContentsLike, rules: WindowRules): void {
  const guard = (event: NavigationEvent) => {
    if (isNavigationAllowed(event.url, rules.allowedOrigins())) return;
    event.preventDefault();
    if (isExternalAllowed(event.url)) rules.openExternal(event.url);
  };
  wc.on('will-navigate', guard);
  wc.on('will-redirect', guard);
  wc.on('will-attach-webview', (event) => event.preventDefault());
  wc.setWindowOpenHandler(({ url }) => {
    if (isExternalAllowed(url)) rules.openExternal(url);
    return { action: 'deny' };
  });
}

/** No page gets camera, microphone, notifications, geolocation, clipboard reads, … : all denied. */
export function secureSession(session: SessionLike): void {
  session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/**
 * The app window's own Content Security Policy, for a server page that comes without one (an old
 * server, a proxy that strips headers): the Launchpad server's policy minus what only the web
 * app needs (the identity provider and terminal sockets are main's business on the desktop).
 */
export const desktopDefaultCsp = [
  "default-src 'self'",
  "script-src 'self'",
  // xterm.js and React set inline style attributes
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' https://www.youtube-nocookie.com",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Response headers with the desktop default CSP added when there is none; the server's own policy is kept as it is. */
export function withDefaultCsp(headers: Record<string, string[]>): Record<string, string[]> {
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'content-security-policy')) return headers;
  return { ...headers, 'Content-Security-Policy': [desktopDefaultCsp] };
}
