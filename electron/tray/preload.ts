/** The tray window's preload: read the installations view, open the app. */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { TrayBridge } from '../../shared/desktop/bridge';
import type { TrayView } from '../../shared/desktop/ipc';
import { typedInvoke } from '../ipc/invoke';

const invoke = typedInvoke((channel, ...args) => ipcRenderer.invoke(channel, ...args));

const tray: TrayBridge = {
  snapshot: () => invoke('tray:snapshot'),
  openApp: () => invoke('tray:openApp'),
  onState(listener) {
    const handler = (_e: IpcRendererEvent, view: TrayView) => listener(view);
    ipcRenderer.on('tray:state', handler);
    return () => void ipcRenderer.removeListener('tray:state', handler);
  },
};

contextBridge.exposeInMainWorld('launchpadTray', tray);
