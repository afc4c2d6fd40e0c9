import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDesktopAuth } from './auth/session';
import type { StoredTokens, TokenStore } from './auth/token-store';
import { checkServer, fetchPublicConfig } from './server-check';
import { startLocalServer } from './local-server';
import { keepsSignIn } from './server-switch';
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

// the embedded server's first start (PGlite, every migration) takes a while on a busy machine
describe('"Use a local server"', { timeout: 180_000 }, () => {
  const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-desktop-userdata-'));
  const rendererRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-desktop-renderer-'));
  fs.writeFileSync(path.join(rendererRoot, 'index.html'), '<!doctype html><title>renderer</title>');
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
    const squatter = http.createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const taken = (squatter.address() as AddressInfo).port;
    const oldOrigin = `http://localhost:${taken}`;
    const carrierFile = path.join(userData, 'renderer-storage.json');

    // the last run, on the port that is now taken: the page kept its state and main got a copy
    const lastRun = createStorageCarrier(carrierFile);
    lastRun.arrivedAt(oldOrigin);
    const oldStorage = memoryStorage();
    let hide = () => undefined as void;
    carryStorageInPage({ carried: () => lastRun.forPage(oldOrigin), snapshot: (e) => lastRun.keep(oldOrigin, e), storage: oldStorage, onChance: (send) => void (hide = send) });
    oldStorage.setItem('deployments', '[{"url":"https://helix.acme.internal"}]');
    oldStorage.setItem('helix.dockerAccess', '{"domain":"helix.acme.internal"}');
    hide();
    const session: StoredTokens = { accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 600_000, email: 'dev@example.com' };
    let stored: StoredTokens | undefined = session;
    const store: TokenStore = { load: () => stored, save: (t) => ((stored = t), { warning: null }), clear: () => void (stored = undefined) };

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

      // the stored sign-in is not dropped for the new address (the server's config names the new issuer)
      expect(keepsSignIn({ localServer: true }, { url: server.url, local: true })).toBe(true);
      const auth = createDesktopAuth({ store, openExternal: () => undefined, serverConfig: () => fetchPublicConfig(server.url) });
      expect(await auth.restore()).toMatchObject({ accessToken: 'a', email: 'dev@example.com' });
    } finally {
      await server.close();
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
