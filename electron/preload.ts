/**
 * The app window's preload (sandboxed): named functions only, exposed once as
 * `window.launchpadDesktop`. The raw ipcRenderer never reaches the page.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { DesktopBridge } from '../shared/desktop/bridge';
import type { PushPayloads } from '../shared/desktop/ipc';
import { typedInvoke } from './ipc/invoke';
import { carryStorageInPage, storageChannels, type CarriedForPage } from './window/storage-page';

const invoke = typedInvoke((channel, ...args) => ipcRenderer.invoke(channel, ...args));

function subscribe<C extends 'terminal:data' | 'terminal:error' | 'terminal:end'>(channel: C, pick: (p: PushPayloads[C]) => string, listener: (id: string, text: string) => void) {
  const handler = (_e: IpcRendererEvent, payload: PushPayloads[C]) => listener(payload.id, pick(payload));
  ipcRenderer.on(channel, handler);
  return () => void ipcRenderer.removeListener(channel, handler);
}

const bridge: DesktopBridge = {
  openExternal: (url) => invoke('shell:openExternal', url),
  saveFile: (filename, data) => invoke('files:save', { filename, data }),
  downloadFile: (filename, path) => invoke('files:download', { filename, path }),
  showNotification: (n) => invoke('notifications:show', n),
  auth: {
    restore: () => invoke('auth:restore'),
    login: () => invoke('auth:login'),
    cancel: () => invoke('auth:cancel'),
    refresh: () => invoke('auth:refresh'),
    logout: () => invoke('auth:logout'),
  },
  terminal: {
    start: (deploymentId, followInstall, account) => invoke('terminal:start', { deploymentId, followInstall, account }),
    startLocal: (rows, cols) => invoke('terminal:startLocal', { rows, cols }),
    input: (id, data) => invoke('terminal:input', { id, data }),
    resize: (id, rows, cols) => invoke('terminal:resize', { id, rows, cols }),
    close: (id) => invoke('terminal:close', { id }),
    onData: (listener) => subscribe('terminal:data', (p) => p.data, listener),
    onError: (listener) => subscribe('terminal:error', (p) => p.message, listener),
    onEnd: (listener) => subscribe('terminal:end', (p) => p.reason, listener),
  },
};

contextBridge.exposeInMainWorld('launchpadDesktop', bridge);

// The local server's page keeps its stored state when the server moves to another port (main
// holds a copy; see window/carried-storage.ts). An error page (data:) has no storage: nothing to do.
try {
  carryStorageInPage({
    carried: () => ipcRenderer.sendSync(storageChannels.carried) as CarriedForPage,
    snapshot: (entries) => ipcRenderer.send(storageChannels.snapshot, entries),
    storage: window.localStorage,
    onChance(send) {
      window.addEventListener('pagehide', send);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') send();
      });
      setInterval(send, 15_000);
    },
  });
} catch {
  // no storage on this page
}
