import type { DesktopBridge } from '../../../shared/desktop/bridge';
import { useAccountStore } from '../../auth/account-store';
import { toast } from '../../shell/toast-store';
import type { Platform } from '../types';
import { createDesktopAuth } from './auth';
import { bridgeTerminal } from './terminal';

export type { DesktopBridge } from '../../../shared/desktop/bridge';

export function desktopBridge(): DesktopBridge | undefined {
  // No window: the server rendering a marketing page (entry-server.tsx), which is the web's.
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as { launchpadDesktop?: DesktopBridge }).launchpadDesktop;
}

function bridge(): DesktopBridge {
  const b = desktopBridge();
  if (!b) throw new Error('The desktop bridge is not available');
  return b;
}

/**
 * Desktop host: sign-in, files, external links and terminals go through the main process (see
 * electron/). The access token given to `openTerminal` is not used: main holds its own tokens,
 * so no token ever appears in a URL the renderer can see.
 */
export const desktopPlatform: Platform = {
  kind: 'desktop',
  routing: 'hash',
  createAuth: () =>
    createDesktopAuth(bridge().auth, {
      storage: window.sessionStorage,
      reload: () => window.location.reload(),
      goHome: () => window.location.assign('#/'),
      // a warning (no keyring) stays until closed: it changes what happens when the app quits
      notify: (kind, title, message) => toast({ kind, title, message, durationMs: kind === 'warning' ? 0 : undefined }),
    }),
  openExternal: (url) =>
    void bridge()
      .openExternal(url)
      .catch((err: unknown) => toast({ kind: 'error', title: 'Could not open the link', message: err instanceof Error ? err.message : String(err) })),
  // an older preload without it, or a notification the system refuses: the bell still has it
  showNotification: (n) =>
    void Promise.resolve(n)
      .then((x) => bridge().showNotification(x))
      .catch(() => undefined),
  saveFile: async (filename, data) => {
    await bridge().saveFile(filename, await data.arrayBuffer());
  },
  saveDownload: async (filename, apiPath, blob) => {
    const b = bridge();
    // the page comes from the server, the preload from the installed app, which may predate downloadFile;
    // main downloads as the person, so a tab working in a team fetches the file itself (with X-Account)
    if (typeof b.downloadFile === 'function' && !useAccountStore.getState().teamId) await b.downloadFile(filename, apiPath);
    else await b.saveFile(filename, await (await blob()).arrayBuffer());
  },
  openTerminal: (deploymentId, _accessToken, handlers, opts = {}) => {
    const stream = bridge().terminal;
    return bridgeTerminal(stream, () => stream.start(deploymentId, opts.followInstall ?? false, opts.account), handlers);
  },
  openLocalTerminal: (handlers) => {
    const stream = bridge().terminal;
    return bridgeTerminal(stream, () => stream.startLocal(24, 80), handlers);
  },
};
