/**
 * What closing the main window does. While an administrator's tray runs (signed in as an admin),
 * the window only hides, so the tray keeps polling and alerts keep coming; the "Quit when the
 * window is closed" setting, Quit in a menu, or no tray at all let it close.
 */
export function onMainWindowClose(o: { quitting: boolean; quitOnClose: boolean; trayRunning: boolean }): 'hide' | 'close' {
  return !o.quitting && !o.quitOnClose && o.trayRunning ? 'hide' : 'close';
}

/** With every window closed: macOS apps stay in the Dock; elsewhere the app ends unless the tray keeps watching. */
export function afterAllWindowsClosed(o: { platform: NodeJS.Platform; quitOnClose: boolean; trayRunning: boolean }): 'quit' | 'keep' {
  if (o.quitOnClose) return 'quit';
  return o.platform === 'darwin' || o.trayRunning ? 'keep' : 'quit';
}
