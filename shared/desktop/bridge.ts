import type { DesktopSession, ProxyQuestion, ServerCheck, TrayView } from './ipc';

export type Unsubscribe = () => void;

/**
 * What the app's preload exposes as `window.launchpadDesktop` (named functions only). Errors from
 * main arrive as thrown `Error`s; custom properties do not survive contextBridge, so outcomes the
 * renderer must tell apart are results (e.g. `auth.refresh` answers null when the sign-in is over).
 */
export interface DesktopBridge {
  openExternal(url: string): Promise<void>;
  saveFile(filename: string, data: ArrayBuffer): Promise<{ saved: boolean }>;
  /** downloads `/api/...` of the connected server into the file the person chooses (streamed by main) */
  downloadFile(filename: string, apiPath: string): Promise<{ saved: boolean }>;
  /** a native notification of the operating system (the notification centre's news) */
  showNotification(n: { title: string; body: string }): Promise<void>;
  auth: {
    restore(): Promise<DesktopSession | null>;
    login(): Promise<DesktopSession>;
    cancel(): Promise<void>;
    /** null: the refresh token was refused, the user is signed out */
    refresh(): Promise<DesktopSession | null>;
    logout(): Promise<void>;
  };
  terminal: {
    /** resolves once the connection is open; output then arrives through the listeners by id */
    /** `account`: the team the renderer's tab acts in (issue 34); left out, the personal account */
    start(deploymentId: string, followInstall: boolean, account?: string): Promise<{ id: string }>;
    startLocal(rows: number, cols: number): Promise<{ id: string }>;
    input(id: string, data: string): Promise<void>;
    resize(id: string, rows: number, cols: number): Promise<void>;
    close(id: string): Promise<void>;
    onData(listener: (id: string, data: string) => void): Unsubscribe;
    onError(listener: (id: string, message: string) => void): Unsubscribe;
    onEnd(listener: (id: string, reason: string) => void): Unsubscribe;
  };
}

/** The first-run page's preload (`window.launchpadSetup`). */
export interface SetupBridge {
  defaults(): Promise<{ serverUrl: string; notice?: string }>;
  check(url: string): Promise<ServerCheck>;
  connect(url: string): Promise<void>;
  useLocal(): Promise<void>;
}

/** The tray window's preload (`window.launchpadTray`). */
export interface TrayBridge {
  snapshot(): Promise<TrayView | null>;
  openApp(): Promise<void>;
  onState(listener: (view: TrayView) => void): Unsubscribe;
}

/** The proxy sign-in page's preload (`window.launchpadProxyLogin`). */
export interface ProxyLoginBridge {
  question(): Promise<ProxyQuestion | null>;
  /** null: cancelled */
  answer(login: { username: string; password: string } | null): Promise<void>;
}
