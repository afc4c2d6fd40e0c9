import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keepsSignIn, movedOrigins } from '../server-switch';
import { carriedStorageMaxChars, carryStorageInPage, createStorageCarrier, type StorageEntries, type StorageLike } from './carried-storage';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-carried-storage-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const newFile = () => path.join(dir, `storage-${++n}.json`);

/** one origin's localStorage, as Chromium keeps it per origin */
function memoryStorage(initial: StorageEntries = {}): StorageLike & { map: Map<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    clear: () => map.clear(),
  };
}

/** a page load on `origin`: the preload's half wired straight to main's half, as the IPC does */
function loadPage(carrier: ReturnType<typeof createStorageCarrier>, origin: string, storage: StorageLike) {
  let chance: () => void = () => undefined;
  carryStorageInPage({ carried: () => carrier.forPage(origin), snapshot: (e) => carrier.keep(origin, e), storage, onChance: (send) => void (chance = send) });
  return { hide: () => chance() };
}

const state = { deployments: '[{"url":"https://helix.acme.internal","name":"Acme"}]', 'helix.dockerAccess': '{"domain":"helix.acme.internal"}', 'launchpad.account': 'team-1' };

describe('the renderer’s state follows the local server to a new port', () => {
  it('what the page kept on the old port is in the new port’s storage before its scripts run', () => {
    const file = newFile();
    const before = createStorageCarrier(file);
    expect(before.arrivedAt('http://localhost:41000')).toEqual({});
    const oldStorage = memoryStorage();
    const page = loadPage(before, 'http://localhost:41000', oldStorage);
    Object.entries(state).forEach(([k, v]) => oldStorage.setItem(k, v));
    page.hide();

    // next run: port 41000 is taken, the server answers on 41777 (a fresh origin, or one with stale state)
    const after = createStorageCarrier(file);
    expect(after.arrivedAt('http://localhost:41777')).toEqual({ from: 'http://localhost:41000' });
    const newStorage = memoryStorage({ stale: 'from an older run on this port' });
    loadPage(after, 'http://localhost:41777', newStorage);
    expect(Object.fromEntries(newStorage.map)).toEqual(state);

    // written once: the new origin holds it now, and a third run on the same port finds nothing to carry
    const third = createStorageCarrier(file);
    expect(third.arrivedAt('http://localhost:41777')).toEqual({});
    const again = memoryStorage({ ...state, 'launchpad.account': 'team-2' });
    loadPage(third, 'http://localhost:41777', again);
    expect(again.getItem('launchpad.account')).toBe('team-2');
  });

  it('the same port: nothing is written over the page’s storage', () => {
    const file = newFile();
    const carrier = createStorageCarrier(file);
    carrier.arrivedAt('http://localhost:41000');
    const storage = memoryStorage();
    const page = loadPage(carrier, 'http://localhost:41000', storage);
    storage.setItem('deployments', '[]');
    page.hide();
    const next = createStorageCarrier(file);
    next.arrivedAt('http://localhost:41000');
    const live = memoryStorage({ deployments: '[1]' });
    loadPage(next, 'http://localhost:41000', live);
    expect(live.getItem('deployments')).toBe('[1]');
  });

  it('keeps no copy of a remote server’s page, nor anything malformed or too large', () => {
    const file = newFile();
    const carrier = createStorageCarrier(file);
    carrier.arrivedAt('http://localhost:41000');
    expect(carrier.forPage('https://launchpad.example.com')).toEqual({ entries: null, keep: false });
    carrier.keep('https://launchpad.example.com', { deployments: 'remote' });
    expect(fs.existsSync(file)).toBe(false);
    carrier.keep('http://localhost:41000', { deployments: 42 });
    carrier.keep('http://localhost:41000', { big: 'x'.repeat(carriedStorageMaxChars + 1) });
    expect(fs.existsSync(file)).toBe(false);
    carrier.left();
    carrier.keep('http://localhost:41000', { deployments: '[]' });
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe('the sign-in across server switches', () => {
  it.each([
    [{ localServer: true, serverUrl: 'https://a.example.com' }, { url: 'http://localhost:41777', local: true }, true, 'the local server on a new port'],
    [{ localServer: false, serverUrl: 'https://a.example.com' }, { url: 'https://a.example.com', local: false }, true, 'the same remote server'],
    [{ localServer: false, serverUrl: 'https://a.example.com' }, { url: 'https://b.example.com', local: false }, false, 'another server'],
    [{ localServer: false, serverUrl: 'https://a.example.com' }, { url: 'http://localhost:41000', local: true }, false, 'remote → local'],
    [{ localServer: true, serverUrl: 'https://a.example.com' }, { url: 'https://a.example.com', local: false }, false, 'local → remote'],
  ])('%o → %o keeps the sign-in: %s (%s)', (previous, next, kept) => {
    expect(keepsSignIn(previous, next)).toBe(kept);
  });

  it('“always allow local terminals” moves with the local server', () => {
    expect(movedOrigins(['https://a.example.com', 'http://localhost:41000'], 'http://localhost:41000', 'http://localhost:41777')).toEqual(['https://a.example.com', 'http://localhost:41777']);
    expect(movedOrigins(['https://a.example.com'], 'http://localhost:41000', 'http://localhost:41777')).toEqual(['https://a.example.com']);
  });
});
