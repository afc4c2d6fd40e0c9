/** The first-run page's preload: only the four setup calls. */
import { contextBridge, ipcRenderer } from 'electron';
import type { SetupBridge } from '../../shared/desktop/bridge';
import { typedInvoke } from '../ipc/invoke';

const invoke = typedInvoke((channel, ...args) => ipcRenderer.invoke(channel, ...args));

const setup: SetupBridge = {
  defaults: () => invoke('setup:defaults'),
  check: (url) => invoke('setup:check', url),
  connect: (url) => invoke('setup:connect', url),
  useLocal: () => invoke('setup:useLocal'),
};

contextBridge.exposeInMainWorld('launchpadSetup', setup);
