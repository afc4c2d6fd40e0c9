import type { DesktopBridge } from '../../../shared/desktop/bridge';
import type { DesktopSession } from '../../../shared/desktop/ipc';
import { AuthRefreshError, type AuthDriver, type Session } from '../../auth/types';

export interface DesktopAuthHost {
  /** survives the reload that follows a sign-in */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload(): void;
  goHome(): void;
  notify(kind: 'error' | 'warning', title: string, message: string): void;
}

const returnToKey = 'launchpad.desktop.return-to';

/** The renderer only ever holds the access token; refresh and ID tokens stay in the main process. */
function toSession(s: DesktopSession): Session {
  return { accessToken: s.accessToken, refreshToken: undefined, idToken: undefined, expiresAt: s.expiresAt, email: s.email };
}

/**
 * Desktop sign-in: the main process runs the system-browser flow (RFC 8252) and keeps the tokens.
 * After a sign-in the window reloads, so start-up restores the new session exactly as it does
 * after a restart of the app.
 */
export function createDesktopAuth(bridge: DesktopBridge['auth'], host: DesktopAuthHost): AuthDriver {
  const warnOnce = (s: DesktopSession) => {
    if (s.warning) host.notify('warning', 'You will be signed out when Launchpad quits', s.warning);
  };

  return {
    async restore() {
      const returnTo = host.storage.getItem(returnToKey) ?? undefined;
      host.storage.removeItem(returnToKey);
      let session: DesktopSession | null = null;
      try {
        session = await bridge.restore();
      } catch (err) {
        host.notify('error', 'Could not restore your sign-in', err instanceof Error ? err.message : String(err));
      }
      if (session) warnOnce(session);
      return { session: session ? toSession(session) : undefined, returnTo: session ? returnTo : undefined };
    },

    async login(returnTo) {
      try {
        await bridge.login();
      } catch (err) {
        host.notify('error', 'Sign-in failed', err instanceof Error ? err.message : String(err));
        return;
      }
      host.storage.setItem(returnToKey, returnTo);
      host.reload();
    },

    async refresh() {
      const next = await bridge.refresh();
      if (!next) throw new AuthRefreshError('invalid_grant', 'The sign-in has ended');
      return toSession(next);
    },

    async logout() {
      try {
        await bridge.logout();
      } catch (err) {
        host.notify('error', 'Sign-out did not finish', err instanceof Error ? err.message : String(err));
      }
      host.goHome();
    },
  };
}
