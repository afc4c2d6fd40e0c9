import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { DesktopSession } from '../shared/desktop/ipc';
import { browseSignIn } from '../test/support/sign-in';
import { createDesktopAuth } from './auth/session';
import type { StoredTokens, TokenStore } from './auth/token-store';
import { checkServer, fetchPublicConfig } from './server-check';
import { startLocalServer } from './local-server';
import { keepsSignIn, renewIfMoved } from './server-switch';
import { carryStorageInPage, createStorageCarrier, readStorage, type StorageLike } from './window/carried-storage';

/** one origin's localStorage */
function memoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    clear: () => map.clear(),
  };
}

const me = (serverUrl: string, token: string) => fetch(`${serverUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });

// the embedded server's first start (PGlite, every migration) takes a while on a busy machine
describe('"Use a local server"', { timeout: 180_000 }, () => {
  const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-desktop-userdata-'));
  const rendererRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-desktop-renderer-'));
  fs.writeFileSync(path.join(rendererRoot, 'index.html'), '<!doctype html><title>renderer</title>');
  // the embedded provider's accounts of a data folder that kept them in a file (known passwords to sign in with)
  const person = { email: 'user@launchpad.local', password: 'local-pass-1' };
  fs.mkdirSync(path.join(userData, 'server'), { recursive: true });
  fs.writeFileSync(path.join(userData, 'server', 'dev-users.json'), JSON.stringify([{ ...person, admin: false }]));
  afterAll(() => {
    fs.rmSync(userData, { recursive: true, force: true });
    fs.rmSync(rendererRoot, { recursive: true, force: true });
  });

  it('starts the embedded server on a free localhost port with its data in userData, and passes the first-run check', async () => {
    const server = await startLocalServer({ userData, rendererRoot });
    try {
      expect(server.url).toMatch(/^http:\/\/localhost:\d+$/);
      expect(server.config.oidc.kind).toBe('embedded');
      expect(await checkServer(server.url)).toEqual({ url: server.url, productName: 'Helix' });
      expect(fs.existsSync(path.join(userData, 'server'))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('the saved port taken by another program: a new port, and the renderer’s state and the sign-in carried over', async () => {
    let stored: StoredTokens | undefined;
    const store: TokenStore = { load: () => stored, save: (t) => ((stored = t), { warning: null }), clear: () => void (stored = undefined) };
    const openExternal = (url: string) => browseSignIn(url, person.email, person.password);

    // the last run: the local server on its port, the person signed in through the desktop's loopback flow
    const lastRunServer = await startLocalServer({ userData, rendererRoot });
    const taken = Number(new URL(lastRunServer.url).port);
    const oldOrigin = new URL(lastRunServer.url).origin;
    let signedIn: DesktopSession;
    try {
      signedIn = await createDesktopAuth({ store, openExternal, serverConfig: () => fetchPublicConfig(lastRunServer.url) }).login();
      expect((await me(lastRunServer.url, signedIn.accessToken)).status).toBe(200);
    } finally {
      await lastRunServer.close();
    }
    const carrierFile = path.join(userData, 'renderer-storage.json');

    // the page kept its state there and main got a copy
    const lastRun = createStorageCarrier(carrierFile);
    lastRun.arrivedAt(oldOrigin);
    const oldStorage = memoryStorage();
    let hide = () => undefined as void;
    carryStorageInPage({ carried: () => lastRun.forPage(oldOrigin), snapshot: (e) => lastRun.keep(oldOrigin, e), storage: oldStorage, onChance: (send) => void (hide = send) });
    oldStorage.setItem('deployments', '[{"url":"https://helix.acme.internal"}]');
    oldStorage.setItem('helix.dockerAccess', '{"domain":"helix.acme.internal"}');
    hide();

    // another program holds that port now
    const squatter = http.createServer();
    await new Promise<void>((resolve) => squatter.listen(taken, '127.0.0.1', resolve));
    const server = await startLocalServer({ userData, rendererRoot, port: taken });
    try {
      const moved = new URL(server.url);
      expect(Number(moved.port)).not.toBe(taken);
      expect(await checkServer(server.url)).toMatchObject({ url: server.url });

      // this run: main learns where the server is now, the first page there starts with the old state
      const thisRun = createStorageCarrier(carrierFile);
      expect(thisRun.arrivedAt(moved.origin)).toEqual({ from: oldOrigin });
      const newStorage = memoryStorage();
      carryStorageInPage({ carried: () => thisRun.forPage(moved.origin), snapshot: () => undefined, storage: newStorage, onChance: () => undefined });
      expect(readStorage(newStorage)).toEqual(readStorage(oldStorage));

      // the stored sign-in is kept for the new address; the old access token names the old issuer and is refused there,
      // so main renews it with the refresh token before the page, the tray or a terminal use it
      expect(keepsSignIn({ localServer: true }, { url: server.url, local: true })).toBe(true);
      expect((await me(server.url, signedIn.accessToken)).status).toBe(401);
      expect(renewIfMoved(store, taken, Number(moved.port))).toBe(true);
      const auth = createDesktopAuth({ store, openExternal, serverConfig: () => fetchPublicConfig(server.url) });
      const restored = await auth.restore();
      expect(restored).toMatchObject({ email: person.email });
      expect(restored?.accessToken).not.toBe(signedIn.accessToken);
      expect((await me(server.url, restored?.accessToken ?? '')).status).toBe(200);
      // the same port next time: nothing to renew
      expect(renewIfMoved(store, Number(moved.port), Number(moved.port))).toBe(false);
      expect(await auth.restore()).toEqual(restored);
    } finally {
      await server.close();
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
