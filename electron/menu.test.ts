import { describe, expect, it, vi } from 'vitest';
import { localTerminalPageUrl, opensLocalTerminal } from '../shared/desktop/local-terminal';
import { devToolsAllowed, devToolsFlag } from './config';
import { appMenuTemplate, menuLabels, type AppMenuOptions, type MenuItemTemplate } from './menu';

const options = (o: Partial<AppMenuOptions> = {}): AppMenuOptions => ({
  isMac: false,
  devTools: false,
  shellServers: [],
  quitOnClose: false,
  openLocalTerminal: vi.fn(),
  revokeShellServer: vi.fn(),
  setQuitOnClose: vi.fn(),
  ...o,
});
const find = (items: readonly MenuItemTemplate[], label: string): MenuItemTemplate | undefined => {
  for (const i of items) {
    if (i.label === label) return i;
    const inner = find(i.submenu ?? [], label);
    if (inner) return inner;
  }
  return undefined;
};

describe('the application menu', () => {
  it('has Open a local terminal, the Edit menu for cut/copy/paste, and no DevTools in a release build', () => {
    const o = options();
    const menu = appMenuTemplate(o);
    expect(menu.some((i) => i.role === 'editMenu')).toBe(true);
    expect(menuLabels(menu)).not.toContain('toggleDevTools');
    find(menu, 'Open a local terminal')?.click?.();
    expect(o.openLocalTerminal).toHaveBeenCalledOnce();
    expect(menuLabels(appMenuTemplate(options({ devTools: true })))).toContain('toggleDevTools');
    expect(appMenuTemplate(options({ isMac: true }))[0]).toEqual({ role: 'appMenu' });
  });

  it('settings: each server allowed for good can be forgotten; quit on close is a checkbox', () => {
    const o = options({ shellServers: ['https://a.example.com', 'http://127.0.0.1:41234'], quitOnClose: false });
    const menu = appMenuTemplate(o);
    find(menu, 'Forget http://127.0.0.1:41234')?.click?.();
    expect(o.revokeShellServer).toHaveBeenCalledWith('http://127.0.0.1:41234');
    const quit = find(menu, 'Quit when the window is closed');
    expect(quit).toMatchObject({ type: 'checkbox', checked: false });
    quit?.click?.();
    expect(o.setQuitOnClose).toHaveBeenCalledWith(true);
    expect(find(appMenuTemplate(options()), 'None')).toMatchObject({ enabled: false });
  });

  it('Open a local terminal loads the page with the local terminal, asking it to open at once', () => {
    const url = new URL(localTerminalPageUrl('http://127.0.0.1:41234'));
    expect(url.href).toBe('http://127.0.0.1:41234/#/deployment?terminal=local');
    expect(opensLocalTerminal(url.hash.slice(url.hash.indexOf('?')))).toBe(true);
    expect(opensLocalTerminal('')).toBe(false);
    expect(opensLocalTerminal('?terminal=remote')).toBe(false);
  });

  it('DevTools: always in development, in a release build only with the support flag', () => {
    expect(devToolsAllowed(false, ['electron', '.'])).toBe(true);
    expect(devToolsAllowed(true, ['Launchpad'])).toBe(false);
    expect(devToolsAllowed(true, ['Launchpad', devToolsFlag])).toBe(true);
  });
});
