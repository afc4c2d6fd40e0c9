/** A menu item as Electron's Menu.buildFromTemplate reads it (the members used here). */
export interface MenuItemTemplate {
  label?: string;
  role?: 'appMenu' | 'editMenu' | 'windowMenu' | 'quit' | 'reload' | 'forceReload' | 'toggleDevTools' | 'resetZoom' | 'zoomIn' | 'zoomOut' | 'togglefullscreen';
  type?: 'separator' | 'checkbox';
  checked?: boolean;
  enabled?: boolean;
  accelerator?: string;
  click?: () => void;
  submenu?: MenuItemTemplate[];
}

export interface AppMenuOptions {
  isMac: boolean;
  /** DevTools in the View menu: development builds, or a release started with the support flag */
  devTools: boolean;
  /** servers allowed for good to open local shells (settings) */
  shellServers: readonly string[];
  quitOnClose: boolean;
  openLocalTerminal(): void;
  revokeShellServer(origin: string): void;
  setQuitOnClose(quit: boolean): void;
}

/**
 * The application menu. Built by hand rather than with the `viewMenu` role, which always carries
 * Toggle Developer Tools; the Edit menu (cut, copy, paste, with their shortcuts) stays the role's.
 */
export function appMenuTemplate(o: AppMenuOptions): MenuItemTemplate[] {
  const settings: MenuItemTemplate[] = [
    { label: 'Quit when the window is closed', type: 'checkbox', checked: o.quitOnClose, click: () => o.setQuitOnClose(!o.quitOnClose) },
    {
      label: 'Servers allowed to open local terminals',
      submenu: o.shellServers.length ? o.shellServers.map((origin) => ({ label: `Forget ${origin}`, click: () => o.revokeShellServer(origin) })) : [{ label: 'None', enabled: false }],
    },
  ];
  return [
    ...(o.isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [{ label: 'Open a local terminal', click: o.openLocalTerminal }, { type: 'separator' }, { label: 'Settings', submenu: settings }, { type: 'separator' }, { role: 'quit' }],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { role: 'forceReload' },
        ...(o.devTools ? [{ role: 'toggleDevTools' as const }] : []),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  ];
}

/** Labels of a template, flattened (for tests and the manual check). */
export function menuLabels(items: readonly MenuItemTemplate[]): string[] {
  return items.flatMap((i) => [i.label ?? i.role ?? i.type ?? '', ...menuLabels(i.submenu ?? [])]);
}
