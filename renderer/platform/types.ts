import type { PublicConfig } from '../../shared/api/auth';
import type { AuthDriver } from '../auth/types';

/** A live terminal connection to a deployment, independent of how bytes travel. */
export interface TerminalConnection {
  send(data: string): void;
  resize(rows: number, cols: number): void;
  close(): void;
}

export interface TerminalOpenOptions {
  /** stream the install log until it finishes before the shell (the terminal auto-opened after a create) */
  followInstall?: boolean;
  /**
   * a current access token: when the server closes the socket because the token it was opened with
   * expired, the connection reopens with this one and the same shell carries on (web only; main
   * holds the desktop's tokens)
   */
  freshToken?(): Promise<string | undefined>;
  /** the team whose deployment this is, when the tab acts in a team (issue 34: `?account=` on the socket) */
  account?: string;
  /** epoch ms now, for the "socket lived a while" rule (tests move it); default Date.now */
  now?(): number;
}

export interface TerminalHandlers {
  onOpen(): void;
  onData(data: string): void;
  onClose(reason: string): void;
  onError(): void;
}

/**
 * Everything the renderer needs from its host. Components only see this interface; the web
 * build and the desktop (Electron) build each provide one implementation.
 */
export interface Platform {
  kind: 'web' | 'desktop';
  /** history routing on the web, hash routing inside Electron (file:// has no server fallback) */
  routing: 'history' | 'hash';
  createAuth(config: PublicConfig): AuthDriver;
  openExternal(url: string): void;
  saveFile(filename: string, data: Blob): Promise<void>;
  /**
   * Saves a file of the API (`/api/...`): on the desktop main downloads it straight into the chosen
   * file (a large zip never crosses IPC); the web, and a desktop app older than the server's
   * renderer, fetch it with `blob` and save that.
   */
  saveDownload(filename: string, apiPath: string, blob: () => Promise<Blob>): Promise<void>;
  openTerminal(deploymentId: string, accessToken: string, handlers: TerminalHandlers, opts?: TerminalOpenOptions): TerminalConnection;
  /** desktop only: shows news of the notification centre as a native notification */
  showNotification?(n: { title: string; body: string }): void;
  /** desktop only: a shell on this computer (node-pty in the main process), e.g. to run the local install command */
  openLocalTerminal?(handlers: TerminalHandlers): TerminalConnection;
}
