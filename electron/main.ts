/**
 * The Electron main process: thin glue that wires the tested modules to Electron. Each piece of
 * logic lives in its own module with Electron injected (see electron/*.test.ts).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeImage, net, Notification, protocol, safeStorage, screen, session, shell, Tray } from 'electron';
import electronUpdater from 'electron-updater';
import type { PublicConfig } from '../shared/api/auth';
import type { PushChannel, PushPayloads, TrayView } from '../shared/desktop/ipc';
import { localTerminalPageUrl } from '../shared/desktop/local-terminal';
import { createDesktopAuth } from './auth/session';
import { createTokenStore, type Encryptor } from './auth/token-store';
import { desktopConfig, devToolsAllowed as devToolsAllowedFor } from './config';
import { downloadWithDialog, saveWithDialog } from './files/save';
import { fromWindowPage, registerPageHandlers, type IpcMainLike } from './ipc/handle';
import type { startLocalServer } from './local-server';
import { trustSystemCertificates } from './network';
import { isExternalAllowed, isNavigationAllowed, secureSession, secureWebContents, secureWebPreferences, withDefaultCsp } from './security';
import { checkServer, fetchPublicConfig, isServerOriginAllowed, normalizeServerUrl } from './server-check';
import { appMenuTemplate } from './menu';
import { createSettings, rememberedShellServers } from './settings';
import { createLocalShell } from './terminal/local-shell';
import { createLocalShellGate, localShellAnswer, localShellQuestion, titleWithLocalShells } from './terminal/local-shell-gate';
import { appPageUrl, appScheme, appSchemePrivileges, createAppProtocolHandler } from './protocol/app-protocol';
import { createProxyLoginPrompt, proxyCancelledMessage, proxyLoginHandler } from './proxy-login/prompt';
import { keepsSignIn, movedOrigins, renewIfMoved } from './server-switch';
import { createProxyCredentials, proxiedConnector } from './terminal/proxy';
import { createStorageCarrier } from './window/carried-storage';
import { storageChannels } from './window/storage-page';
import { claimInstance } from './startup';
import { createTerminalSessions, type TerminalSessions } from './terminal/sessions';
import { trayWindowPosition } from './tray/placement';
import { createPingPoller } from './tray/poller';
import { setupAutoUpdate, updateFeed } from './updater';
import { restoredBounds } from './window/bounds';
import { afterAllWindowsClosed, onMainWindowClose } from './window/close';
import { crashPage, createCrashRecovery } from './window/crash';
import { reopenAction, type WindowState } from './window/reopen';
import { attachContextMenu } from './window/context-menu';
import { afterGesture, type GestureTracker, noGestureMessage, trackUserGestures } from './window/user-gesture';

const here = __dirname;
const appRoot = path.resolve(here, '..', '..');
// the bundled pages are served on app://<page>/ (electron/protocol), never over file:
const pages = { setup: appPageUrl('first-run'), tray: appPageUrl('tray'), proxyLogin: appPageUrl('proxy-login') };
protocol.registerSchemesAsPrivileged([{ scheme: appScheme, privileges: appSchemePrivileges }]);
const iconPath = path.join(here, 'icon.png');

const config = desktopConfig(process.env);
const devToolsAllowed = devToolsAllowedFor(app.isPackaged, process.argv);
const settings = createSettings(path.join(app.getPath('userData'), 'settings.json'));
const keyring: Encryptor = {
  isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
  encryptString: (plain) => safeStorage.encryptString(plain),
  decryptString: (encrypted) => safeStorage.decryptString(encrypted),
  ...(process.platform === 'linux' ? { getSelectedStorageBackend: () => safeStorage.getSelectedStorageBackend() } : {}),
};
const tokens = createTokenStore(path.join(app.getPath('userData'), 'session.bin'), keyring);
/** the renderer's per-origin state of the local server, carried to a new port when the old one is taken */
const carriedStorage = createStorageCarrier(path.join(app.getPath('userData'), 'renderer-storage.json'));

/** Chromium's networking for main's own requests: the system proxy (and PAC) and the OS certificate store apply, unlike Node's fetch. */
const netFetch: typeof fetch = (input, init) => net.fetch(input instanceof URL ? input.href : input, init);

let serverUrl: string | undefined;
let localServer: Awaited<ReturnType<typeof startLocalServer>> | undefined;
let serverConfig: { url: string; config: Promise<PublicConfig> } | undefined;
let appWindow: BrowserWindow | undefined;
let setupWindow: BrowserWindow | undefined;
let trayWindow: BrowserWindow | undefined;
let tray: Tray | undefined;
let terminals: TerminalSessions | undefined;
let lastTrayView: TrayView | null = null;
/** Quit was chosen (a menu, the OS): windows close for real */
let quitting = false;
/** an administrator is signed in and the tray shows their installations */
const trayRunning = () => !!tray && !!lastTrayView && !lastTrayView.paused;

function quitApp() {
  quitting = true;
  app.quit();
}

/** Only http(s) and mailto links reach the OS; everything else is dropped here, whoever asks. */
function openExternal(url: string): Promise<void> {
  if (!isExternalAllowed(url)) return Promise.reject(new Error('Only web and mail links can be opened'));
  return shell.openExternal(url);
}

const auth = createDesktopAuth({
  store: tokens,
  fetch: netFetch,
  openExternal,
  serverConfig() {
    if (!serverUrl) return Promise.reject(new Error('No Launchpad server is chosen yet'));
    if (serverConfig?.url !== serverUrl) {
      const config = fetchPublicConfig(serverUrl, netFetch);
      serverConfig = { url: serverUrl, config };
      config.catch(() => (serverConfig = undefined));
    }
    return serverConfig.config;
  },
});

/** node-pty loads on the first local terminal, so a broken native build cannot stop the app from starting */
const localShell = createLocalShell();
const shellServers = rememberedShellServers(settings);
const shellGate = createLocalShellGate({
  remembered: {
    list: shellServers.list,
    add(origin) {
      shellServers.add(origin);
      updateAppMenu();
    },
  },
  async confirm(origin) {
    const question = localShellQuestion(origin);
    return localShellAnswer(await (appWindow ? dialog.showMessageBox(appWindow, question) : dialog.showMessageBox(question)));
  },
});
let localShellsRunning = 0;
let pageTitle = 'Launchpad';
let trayText = 'Launchpad installations';
/** the window title, and the tray's tooltip for when the window is hidden in the tray, say while local shells run */
const showTitle = () => {
  appWindow?.setTitle(titleWithLocalShells(pageTitle, localShellsRunning));
  tray?.setToolTip(titleWithLocalShells(trayText, localShellsRunning));
};

function updateAppMenu() {
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenuTemplate({
        isMac: process.platform === 'darwin',
        devTools: devToolsAllowed,
        shellServers: shellServers.list(),
        quitOnClose: settings.get().quitOnClose,
        openLocalTerminal() {
          if (!appWindow || !serverUrl) return showMainWindow();
          // the person asked for it here, in the app's own menu: the page's next shell needs no dialog
          shellGate.grantFromMenu();
          void appWindow.loadURL(localTerminalPageUrl(serverUrl));
          appWindow.show();
        },
        revokeShellServer(origin) {
          shellServers.revoke(origin);
          updateAppMenu();
        },
        setQuitOnClose(quit) {
          settings.update({ quitOnClose: quit });
          updateAppMenu();
        },
      }),
    ),
  );
}

function push<C extends PushChannel>(win: BrowserWindow | undefined, channel: C, payload: PushPayloads[C]) {
  if (win && !win.isDestroyed()) win.webContents.send(channel, payload);
}

/**
 * Every window is made here. The isolation flags come from security.ts and are repeated literally
 * so the static scan (npm run scan:electron) can see them.
 */
function newWindow(options: Omit<Electron.BrowserWindowConstructorOptions, 'webPreferences'>, preload: string): BrowserWindow {
  return new BrowserWindow({
    ...options,
    webPreferences: { ...secureWebPreferences(preload), devTools: devToolsAllowed, contextIsolation: true, nodeIntegration: false, sandbox: true, disableBlinkFeatures: 'Auxclick' },
  });
}

/** what each page's person last did (web-contents-created tracks every page from its start) */
const gestures = new WeakMap<Electron.WebContents, GestureTracker>();

/** What a page asks to open in the browser opens only right after a click or key press in it. */
function openExternalFrom(contents: Electron.WebContents | undefined): (url: string) => Promise<void> {
  const tracker = contents && gestures.get(contents);
  return tracker ? afterGesture(tracker, openExternal) : () => Promise.reject(new Error(noGestureMessage));
}

function secureWindow(win: BrowserWindow, allowed: () => string[]) {
  const open = openExternalFrom(win.webContents);
  secureWebContents(win.webContents, { allowedOrigins: allowed, openExternal: (url) => void open(url).catch(() => undefined) });
}

/** Proxies that ask (407): the person is asked on app://proxy-login, once per proxy for this run; the terminal sockets use the same answers. */
let proxyRefusal: string | undefined;
const proxyPrompt = createProxyLoginPrompt(() => {
  const win = newWindow(
    { width: 440, height: 420, resizable: false, minimizable: false, maximizable: false, title: 'Proxy sign-in', icon: iconPath, alwaysOnTop: true },
    path.join(here, 'proxy-login', 'preload.cjs'),
  );
  secureWindow(win, () => [pages.proxyLogin]);
  void win.loadURL(pages.proxyLogin);
  return { close: () => void (win.isDestroyed() || win.close()), onClosed: (listener) => void win.on('closed', listener) };
});
const proxyCredentials = createProxyCredentials(proxyPrompt.ask);
const onLogin = proxyLoginHandler(proxyCredentials, { onCancelled: (proxy) => (proxyRefusal = proxyCancelledMessage(proxy)) });

function openAppWindow(url: string) {
  const { width, height } = screen.getPrimaryDisplay().workAreaSize;
  const saved = restoredBounds(
    settings.get().windowBounds,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const win = newWindow(
    { ...(saved ?? { width: Math.min(1400, width), height: Math.min(900, height) }), minWidth: 800, minHeight: 560, title: 'Launchpad', icon: iconPath, show: false },
    path.join(here, 'preload.cjs'),
  );
  appWindow = win;
  secureWindow(win, () => (serverUrl ? [serverUrl] : []));
  terminals = createTerminalSessions({
    send: (channel, payload) => push(win, channel, payload),
    serverUrl: () => serverUrl ?? '',
    accessToken: () => auth.accessToken(),
    spawnShell: localShell,
    // the window's own proxy (system settings, PAC) for the terminal sockets too
    connectVia: proxiedConnector({ resolveProxy: (address) => session.defaultSession.resolveProxy(address), credentials: proxyCredentials }),
    onLocalShells(running) {
      localShellsRunning = running;
      showTitle();
    },
  });
  // the page's title, with the local-shell indicator the page cannot remove
  win.on('page-title-updated', (e, title) => {
    e.preventDefault();
    pageTitle = title;
    showTitle();
  });
  win.once('ready-to-show', () => win.show());
  // the server answered: an earlier cancelled proxy question is no longer the news
  win.webContents.on('did-finish-load', () => (proxyRefusal = undefined));
  // an unreachable saved server must not leave a blank window: back to the first-run page to retry or choose another
  win.webContents.on('did-fail-load', (_e, code, description, failedUrl, isMainFrame) => {
    if (!isMainFrame || code === -3) return; // -3: a navigation we cancelled ourselves
    console.warn(`loading ${failedUrl} failed: ${description}`);
    if (!setupWindow) openSetupWindow();
    win.destroy();
  });
  const onGone = createCrashRecovery();
  win.webContents.on('render-process-gone', (_e, details) => {
    const action = onGone(details.reason);
    console.warn(`the app window's page process is gone (${details.reason}): ${action}`);
    terminals?.closeAll();
    if (action === 'reload') void win.loadURL(`${url}/#/home`);
    if (action === 'error-page') void win.loadURL(crashPage(details.reason, `${url}/#/home`));
  });
  win.on('close', (e) => {
    if (!win.isMinimized() && !win.isFullScreen()) settings.update({ windowBounds: win.getNormalBounds() });
    if (onMainWindowClose({ quitting, quitOnClose: settings.get().quitOnClose, trayRunning: trayRunning() }) === 'hide') {
      e.preventDefault();
      win.hide();
    }
  });
  win.on('closed', () => {
    terminals?.closeAll();
    terminals = undefined;
    if (appWindow === win) appWindow = undefined;
  });
  void win.loadURL(`${url}/#/home`);
}

function openSetupWindow() {
  const win = newWindow({ width: 520, height: 620, resizable: false, title: 'Connect to Launchpad', icon: iconPath }, path.join(here, 'first-run', 'preload.cjs'));
  setupWindow = win;
  secureWindow(win, () => [pages.setup]);
  win.on('closed', () => (setupWindow = undefined));
  void win.loadURL(pages.setup);
}

/** Switches to a server chosen on the first-run page; a different server means a different sign-in. */
function switchToServer(url: string, local: boolean) {
  if (!keepsSignIn(settings.get(), { url, local })) tokens.clear();
  if (!local) carriedStorage.left();
  serverUrl = url;
  settings.update({ serverUrl: local ? settings.get().serverUrl : url, localServer: local });
  openAppWindow(url);
  setupWindow?.close();
  poller.start();
}

async function switchToLocalServer() {
  // loaded when first used: the embedded server (and the native modules it needs) is no part of starting the app
  const { startLocalServer: start } = await import('./local-server');
  localServer ??= await start({
    userData: app.getPath('userData'),
    rendererRoot: path.join(appRoot, 'dist', 'renderer'),
    pgliteWorker: pathToFileURL(path.join(here, 'pglite-worker.cjs')),
    port: settings.get().localServerPort,
  });
  const origin = new URL(localServer.url).origin;
  const port = Number(new URL(localServer.url).port);
  renewIfMoved(tokens, settings.get().localServerPort, port);
  settings.update({ localServerPort: port });
  // the saved port was taken: what the page kept and "always allow local terminals" move to the new address
  const { from } = carriedStorage.arrivedAt(origin);
  if (from) settings.update({ localShellServers: movedOrigins(settings.get().localShellServers, from, origin) });
  switchToServer(localServer.url, true);
}

function showTrayWindow() {
  if (!tray) return;
  if (!trayWindow || trayWindow.isDestroyed()) {
    trayWindow = newWindow({ width: 360, height: 460, show: false, frame: false, resizable: false, skipTaskbar: true, alwaysOnTop: true }, path.join(here, 'tray', 'preload.cjs'));
    secureWindow(trayWindow, () => [pages.tray]);
    trayWindow.on('blur', () => trayWindow?.hide());
    void trayWindow.loadURL(pages.tray);
  }
  const icon = tray.getBounds();
  const cursor = screen.getCursorScreenPoint();
  const display = screen.getDisplayNearestPoint(icon.width > 0 ? { x: icon.x, y: icon.y } : cursor);
  const [width = 360, height = 460] = trayWindow.getSize();
  const at = trayWindowPosition({ icon, cursor, display, size: { width, height } });
  trayWindow.setPosition(at.x, at.y);
  trayWindow.show();
}

const windowState = (win: BrowserWindow | undefined): WindowState => (!win || win.isDestroyed() ? 'closed' : win.isMinimized() ? 'minimized' : win.isVisible() ? 'visible' : 'hidden');

/** Open Launchpad (tray), a second launch, the Dock icon: the main window comes back even after it was closed. */
function showMainWindow() {
  const action = reopenAction(windowState(appWindow), windowState(setupWindow), !!serverUrl);
  if ('open' in action) return action.open === 'app' && serverUrl ? openAppWindow(serverUrl) : openSetupWindow();
  const win = action.show === 'app' ? appWindow : setupWindow;
  if (win?.isMinimized()) win.restore();
  win?.show();
  win?.focus();
}

/** The tray appears once the signed-in user turns out to be an administrator. */
const poller = createPingPoller({
  fetchImpl: netFetch,
  serverUrl: () => serverUrl ?? '',
  accessToken: () => auth.accessToken(),
  onView(view) {
    lastTrayView = view;
    if (!view.paused && !tray) {
      tray = new Tray(nativeImage.createFromPath(iconPath).resize({ width: 18, height: 18 }));
      tray.setToolTip('Launchpad installations');
      tray.on('click', showTrayWindow);
      tray.setContextMenu(
        Menu.buildFromTemplate([{ label: 'Show installations', click: showTrayWindow }, { label: 'Open Launchpad', click: showMainWindow }, { type: 'separator' }, { label: 'Quit', click: quitApp }]),
      );
    }
    trayText = view.paused ?? `Launchpad: ${view.activeInstallations} active installations`;
    showTitle();
    push(trayWindow, 'tray:state', view);
  },
  notify(n) {
    if (Notification.isSupported()) new Notification({ title: n.title, body: n.body, icon: iconPath }).show();
  },
});
auth.onChange(() => void poller.poll());

const saveDeps = () => ({
  settings,
  downloadsDir: app.getPath('downloads'),
  showSaveDialog: (options: Electron.SaveDialogOptions) => (appWindow ? dialog.showSaveDialog(appWindow, options) : dialog.showSaveDialog(options)),
});

function registerIpc() {
  const handle = ipcMain as unknown as IpcMainLike;
  // the app window's own page on the server, not merely some page on the server's origin
  const fromServer = fromWindowPage(
    () => appWindow,
    () => (serverUrl ? [serverUrl] : []),
  );
  registerPageHandlers(
    handle,
    'app',
    {
      // IPC is taken from the app window's main frame only, so its input is the gesture that counts
      'shell:openExternal': (url) => openExternalFrom(appWindow?.webContents)(url),
      'files:save': ({ filename, data }) => saveWithDialog(saveDeps(), filename, data),
      'files:download': ({ filename, path: apiPath }) => {
        if (!serverUrl) throw new Error('No Launchpad server is chosen yet');
        const url = new URL(apiPath, serverUrl);
        if (url.origin !== new URL(serverUrl).origin) throw new Error('Only files of the connected server can be downloaded');
        return downloadWithDialog({ ...saveDeps(), fetchImpl: netFetch, accessToken: () => auth.accessToken() }, url.href, filename);
      },
      'auth:restore': () => auth.restore(),
      'auth:login': async () => {
        const session = await auth.login();
        appWindow?.focus();
        return session;
      },
      'auth:cancel': () => auth.cancel(),
      'auth:refresh': () => auth.refresh(),
      'auth:logout': () => auth.logout(),
      'terminal:start': ({ deploymentId, followInstall, account }) => requireTerminals().start(deploymentId, followInstall, account),
      'terminal:startLocal': async (size) => {
        if (!serverUrl) throw new Error('No Launchpad server is chosen yet');
        await shellGate.check(new URL(serverUrl).origin);
        return requireTerminals().startLocal(size);
      },
      'terminal:input': ({ id, data }) => requireTerminals().input(id, data),
      'terminal:resize': ({ id, rows, cols }) => requireTerminals().resize(id, rows, cols),
      'terminal:close': ({ id }) => requireTerminals().close(id),
      'notifications:show': ({ title, body }) => {
        if (Notification.isSupported()) new Notification({ title, body, icon: iconPath }).show();
      },
    },
    fromServer,
  );
  registerPageHandlers(
    handle,
    'setup',
    {
      'setup:defaults': () => {
        // why the window came back here, when a proxy's question was cancelled
        const notice = proxyRefusal;
        proxyRefusal = undefined;
        return { serverUrl: settings.get().serverUrl ?? config.defaultServerUrl, ...(notice ? { notice } : {}) };
      },
      'setup:check': (input) => checkServer(input, netFetch),
      'setup:connect': async (input) => {
        const { url } = await checkServer(normalizeServerUrl(input), netFetch);
        switchToServer(url, false);
      },
      'setup:useLocal': () => switchToLocalServer(),
    },
    fromWindowPage(
      () => setupWindow,
      () => [pages.setup],
    ),
  );
  registerPageHandlers(
    handle,
    'tray',
    {
      'tray:snapshot': () => lastTrayView,
      'tray:openApp': () => showMainWindow(),
    },
    fromWindowPage(
      () => trayWindow,
      () => [pages.tray],
    ),
  );
  registerPageHandlers(
    handle,
    'proxyLogin',
    {
      'proxyLogin:question': () => proxyPrompt.question(),
      'proxyLogin:answer': (login) => proxyPrompt.answer(login),
    },
    (url) => isNavigationAllowed(url, [pages.proxyLogin]),
  );
  // the app window's preload: the carried state before the page's scripts run (sync), then copies of it
  const appMainFrameOrigin = (e: Electron.IpcMainEvent) => {
    const frame = e.senderFrame;
    if (!appWindow || e.sender !== appWindow.webContents || !frame || frame.parent !== null) return undefined;
    return URL.canParse(frame.url) ? new URL(frame.url).origin : undefined;
  };
  ipcMain.on(storageChannels.carried, (e) => {
    const origin = appMainFrameOrigin(e);
    e.returnValue = origin ? carriedStorage.forPage(origin) : { entries: null, keep: false };
  });
  ipcMain.on(storageChannels.snapshot, (e, entries: unknown) => {
    const origin = appMainFrameOrigin(e);
    if (origin) carriedStorage.keep(origin, entries);
  });
}

function requireTerminals(): TerminalSessions {
  if (!terminals) throw new Error('The Launchpad window is not open');
  return terminals;
}

// One instance: a second launch exits and the first window comes forward; Windows notifications need the AppUserModelId.
claimInstance(app, process.platform);
app.on('second-instance', () => void app.whenReady().then(showMainWindow));

app.on('login', (event, _contents, _details, authInfo, callback) => onLogin(event, authInfo, callback));

app.on('web-contents-created', (_event, contents) => {
  gestures.set(contents, trackUserGestures(contents));
  attachContextMenu(contents, { buildFromTemplate: (items) => Menu.buildFromTemplate(items) });
  // a page may never attach a <webview> or open windows of its own, even ones not created here
  contents.on('will-attach-webview', (e) => e.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalFrom(contents)(url).catch(() => undefined);
    return { action: 'deny' };
  });
});

// While an administrator's tray runs the app keeps running in the tray, as tray apps do.
app.on('window-all-closed', () => {
  if (afterAllWindowsClosed({ platform: process.platform, quitOnClose: settings.get().quitOnClose, trayRunning: trayRunning() }) === 'quit') quitApp();
});

// the hidden tray window counts among BrowserWindow.getAllWindows(): ask about the main windows only
app.on('activate', () => void app.whenReady().then(showMainWindow));

app.on('before-quit', () => {
  quitting = true;
  poller.stop();
  terminals?.closeAll();
  void localServer?.close();
});

void app.whenReady().then(async () => {
  protocol.handle(appScheme, createAppProtocolHandler(here));
  secureSession(session.defaultSession);
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    const appPage = (details.resourceType === 'mainFrame' || details.resourceType === 'subFrame') && !!serverUrl && isNavigationAllowed(details.url, [serverUrl]);
    callback(appPage ? { responseHeaders: withDefaultCsp(details.responseHeaders ?? {}) } : {});
  });
  trustSystemCertificates();
  registerIpc();
  updateAppMenu();
  setupAutoUpdate(electronUpdater.autoUpdater, updateFeed(config.updateUrl, path.join(process.resourcesPath, 'app-update.yml')), (m) => console.warn(m));
  const saved = settings.get();
  try {
    if (saved.localServer) return await switchToLocalServer();
    // a plain-http server saved by an older version is proposed again on the first-run page, where it is refused with the reason
    if (saved.serverUrl && isServerOriginAllowed(saved.serverUrl)) return switchToServer(saved.serverUrl, false);
  } catch (err) {
    console.error('The saved server could not be used', err);
  }
  openSetupWindow();
});
