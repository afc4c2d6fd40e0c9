/** What is left of a window: gone (closed), or there in some state. */
export type WindowState = 'closed' | 'minimized' | 'hidden' | 'visible';

export type ReopenAction = { show: 'app' | 'setup' } | { open: 'app' | 'setup' };

/**
 * "Open Launchpad" in the tray, a second launch and the Dock icon all bring the main window
 * back: the one that is still there (restored and focused), else a new app window for the chosen
 * server, else the first-run page. The tray's own hidden window never counts as "a window is open".
 */
export function reopenAction(app: WindowState, setup: WindowState, serverChosen: boolean): ReopenAction {
  if (app !== 'closed') return { show: 'app' };
  if (setup !== 'closed') return { show: 'setup' };
  return serverChosen ? { open: 'app' } : { open: 'setup' };
}
