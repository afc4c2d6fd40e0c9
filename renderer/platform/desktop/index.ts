import { createWebAuth } from '../../auth/oidc-web';
import type { Platform } from '../types';
import { webPlatform } from '../web';

/** The narrow API the Electron preload exposes through contextBridge (see electron/preload). */
export interface DesktopBridge {
  openExternal(url: string): Promise<void>;
  saveFile(filename: string, data: ArrayBuffer): Promise<void>;
}

export function desktopBridge(): DesktopBridge | undefined {
  return (window as unknown as { launchpadDesktop?: DesktopBridge }).launchpadDesktop;
}

function bridge(): DesktopBridge {
  const b = desktopBridge();
  if (!b) throw new Error('The desktop bridge is not available');
  return b;
}

/**
 * Desktop host: files and external links go through the main process. Sign-in and terminals
 * use the same web flows until the desktop issue moves them to the main process.
 */
export const desktopPlatform: Platform = {
  ...webPlatform,
  kind: 'desktop',
  routing: 'hash',
  createAuth: createWebAuth,
  openExternal: (url) => void bridge().openExternal(url),
  saveFile: async (filename, data) => bridge().saveFile(filename, await data.arrayBuffer()),
};
