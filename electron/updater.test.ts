import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { desktopConfig } from './config';
import { setupAutoUpdate, updateFeed, type UpdaterLike } from './updater';

describe('desktop config', () => {
  it.each([
    [{}, { defaultServerUrl: 'http://localhost:3000', updateUrl: undefined }],
    [
      { LAUNCHPAD_URL: 'https://lp.example.com', LAUNCHPAD_UPDATE_URL: 'https://updates.example.com/desktop' },
      { defaultServerUrl: 'https://lp.example.com', updateUrl: 'https://updates.example.com/desktop' },
    ],
    [
      { LAUNCHPAD_URL: 'not a url', LAUNCHPAD_UPDATE_URL: '' },
      { defaultServerUrl: 'http://localhost:3000', updateUrl: undefined },
    ],
  ])('%j', (env, expected) => expect(desktopConfig(env)).toEqual(expected));
});

describe('update feed: the app-update.yml of the release build, LAUNCHPAD_UPDATE_URL overriding it', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-update-feed-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  let builds = 0;
  /** a fresh resources folder holding this app-update.yml (none when undefined) */
  const resources = (text: string | undefined) => {
    const file = path.join(dir, String(++builds), 'app-update.yml');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (text !== undefined) fs.writeFileSync(file, text);
    return file;
  };
  // as electron-builder writes it from build/electron-builder.yml's publish section
  const written = 'provider: generic\nurl: https://updates.example.com/desktop\nupdaterCacheDirName: launchpad-updater\n';

  it.each([
    ['an app started from the Dock or Start menu (no environment)', undefined, written, { url: 'https://updates.example.com/desktop', from: 'app-update.yml' }],
    ['LAUNCHPAD_UPDATE_URL overrides the built-in feed', 'https://mirror.example.org/lp', written, { url: 'https://mirror.example.org/lp', from: 'LAUNCHPAD_UPDATE_URL' }],
    ['LAUNCHPAD_UPDATE_URL without a built-in feed', 'https://mirror.example.org/lp', undefined, { url: 'https://mirror.example.org/lp', from: 'LAUNCHPAD_UPDATE_URL' }],
    ['a feed on this computer over http (testing a release)', undefined, 'provider: generic\nurl: http://127.0.0.1:8080/feed\n', { url: 'http://127.0.0.1:8080/feed', from: 'app-update.yml' }],
  ])('%s', (_case, env, yml, expected) => {
    expect(updateFeed(env, resources(yml))).toEqual(expected);
  });

  it.each([
    ['a development run (no app-update.yml)', undefined, undefined, 'is missing'],
    ['another provider', undefined, 'provider: github\nowner: someone\n', 'names no generic feed URL'],
    ['a broken file', undefined, 'provider: [generic\n', 'is not YAML'],
    [
      'plain http to another computer',
      undefined,
      'provider: generic\nurl: http://updates.example.com/desktop\n',
      'http://updates.example.com/desktop (from app-update.yml) must be an https:// address',
    ],
    ['plain http in LAUNCHPAD_UPDATE_URL', 'http://updates.example.com', written, 'must be an https:// address'],
  ])('no updates for %s, and the reason is logged', (name, env, yml, why) => {
    const feed = updateFeed(env, resources(yml));
    expect(feed.url).toBeUndefined();
    const u = fakeUpdater();
    const log = vi.fn();
    expect(setupAutoUpdate(u, feed, log)).toBeUndefined();
    expect(log).toHaveBeenCalledWith(expect.stringContaining(why));
    expect(u.checkForUpdatesAndNotify).not.toHaveBeenCalled();
  });
});

const fakeUpdater = (): UpdaterLike => ({ autoDownload: false, setFeedURL: vi.fn(), checkForUpdatesAndNotify: vi.fn(() => Promise.resolve(null)) });

describe('auto-update', () => {
  it('uses the generic provider at the feed URL and checks at once', () => {
    const u = fakeUpdater();
    setupAutoUpdate(u, { url: 'https://updates.example.com/desktop', from: 'app-update.yml' }, () => undefined)?.stop();
    expect(u.setFeedURL).toHaveBeenCalledWith({ provider: 'generic', url: 'https://updates.example.com/desktop' });
    expect(u.autoDownload).toBe(true);
    expect(u.checkForUpdatesAndNotify).toHaveBeenCalledOnce();
  });
});
