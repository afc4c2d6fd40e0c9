import { lazyAuthDriver } from '../../auth/lazy-driver';
import { resizeFrame } from '../terminal-frames';
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
  openTerminal(deploymentId, accessToken, handlers, opts = {}) {
    const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const follow = opts.followInstall ? '&follow=install' : '';
    const url = `${proto}//${window.location.host}/api/deployments/${encodeURIComponent(deploymentId)}/terminal?token=${encodeURIComponent(accessToken)}${follow}`;
    const ws = new WebSocket(url);
    ws.binaryType = 'arraybuffer';
    ws.onopen = () => handlers.onOpen();
    ws.onmessage = (e: MessageEvent<string | ArrayBuffer>) => handlers.onData(typeof e.data === 'string' ? e.data : new TextDecoder().decode(e.data));
    ws.onerror = () => handlers.onError();
    ws.onclose = (e) => handlers.onClose(e.reason);
    return {
      send: (data) => ws.readyState === WebSocket.OPEN && ws.send(data),
      resize: (rows, cols) => ws.readyState === WebSocket.OPEN && ws.send(resizeFrame(rows, cols)),
      close: () => ws.close(1000, 'closed by user'),
    };
  },
};
