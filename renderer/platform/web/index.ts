import { lazyAuthDriver } from '../../auth/lazy-driver';
import { accountQueryParam } from '../../../shared/api/teams';
import { resizeFrame, signInExpiredCode, terminalReset } from '../terminal-frames';
import type { Platform } from '../types';

export const webPlatform: Platform = {
  kind: 'web',
  routing: 'history',
  createAuth: (config) => lazyAuthDriver(() => import('../../auth/oidc-web').then((m) => m.createWebAuth(config))),
  openExternal(url) {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
  async saveFile(filename, data) {
    const href = URL.createObjectURL(data);
    const a = document.createElement('a');
    a.href = href;
    a.download = filename;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  },
  async saveDownload(filename, _apiPath, blob) {
    await webPlatform.saveFile(filename, await blob());
  },
  openTerminal(deploymentId, accessToken, handlers, opts = {}) {
    const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const follow = opts.followInstall ? '&follow=install' : '';
    const account = opts.account ? `&${accountQueryParam}=${encodeURIComponent(opts.account)}` : '';
    const urlFor = (token: string) => `${proto}//${window.location.host}/api/deployments/${encodeURIComponent(deploymentId)}/terminal?token=${encodeURIComponent(token)}${follow}${account}`;
    let closedByUser = false;
    let size: { rows: number; cols: number } | undefined;
    let ws: WebSocket;
    const now = opts.now ?? Date.now;
    const connect = (token: string, resumed: boolean) => {
      const opened = now();
      ws = new WebSocket(urlFor(token));
      ws.binaryType = 'arraybuffer';
      ws.onopen = () => {
        if (!resumed) return handlers.onOpen();
        // The server replays the shell's recent output: it repaints a cleared screen.
        handlers.onData(terminalReset);
        if (size) ws.send(resizeFrame(size.rows, size.cols));
      };
      ws.onmessage = (e: MessageEvent<string | ArrayBuffer>) => handlers.onData(typeof e.data === 'string' ? e.data : new TextDecoder().decode(e.data));
      ws.onerror = () => handlers.onError();
      ws.onclose = (e) => {
        // The token expired while the shell runs on: reopen with a fresh one (not in a loop).
        if (e.code === signInExpiredCode && !closedByUser && opts.freshToken && now() - opened > 5000) {
          void opts.freshToken().then(
            (fresh) => (fresh && !closedByUser ? connect(fresh, true) : handlers.onClose(e.reason)),
            () => handlers.onClose(e.reason),
          );
          return;
        }
        handlers.onClose(e.reason);
      };
    };
    connect(accessToken, false);
    return {
      send: (data) => ws.readyState === WebSocket.OPEN && ws.send(data),
      resize: (rows, cols) => {
        size = { rows, cols };
        if (ws.readyState === WebSocket.OPEN) ws.send(resizeFrame(rows, cols));
      },
      close: () => {
        closedByUser = true;
        ws.close(1000, 'closed by user');
      },
    };
  },
};
