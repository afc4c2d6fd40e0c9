/** The proxy sign-in page's preload: read the question, answer it. */
import { contextBridge, ipcRenderer } from 'electron';
import type { ProxyLoginBridge } from '../../shared/desktop/bridge';
import { typedInvoke } from '../ipc/invoke';

const invoke = typedInvoke((channel, ...args) => ipcRenderer.invoke(channel, ...args));

const proxyLogin: ProxyLoginBridge = {
  question: () => invoke('proxyLogin:question'),
  answer: (login) => invoke('proxyLogin:answer', login),
};

contextBridge.exposeInMainWorld('launchpadProxyLogin', proxyLogin);
