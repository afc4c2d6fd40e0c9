import { describe, expect, it, vi } from 'vitest';
import { desktopConfig } from './config';
import { setupAutoUpdate, type UpdaterLike } from './updater';

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

describe('auto-update', () => {
  const fakeUpdater = (): UpdaterLike => ({ autoDownload: false, setFeedURL: vi.fn(), checkForUpdatesAndNotify: vi.fn(() => Promise.resolve(null)) });

  it('is off without an update URL', () => {
    const u = fakeUpdater();
    expect(setupAutoUpdate(u, undefined, () => undefined)).toBeUndefined();
    expect(u.checkForUpdatesAndNotify).not.toHaveBeenCalled();
  });

  it('uses the generic provider at the configured URL and checks at once', () => {
    const u = fakeUpdater();
    setupAutoUpdate(u, 'https://updates.example.com/desktop', () => undefined)?.stop();
    expect(u.setFeedURL).toHaveBeenCalledWith({ provider: 'generic', url: 'https://updates.example.com/desktop' });
    expect(u.autoDownload).toBe(true);
    expect(u.checkForUpdatesAndNotify).toHaveBeenCalledOnce();
  });
});
