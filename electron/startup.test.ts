import fs from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it, vi } from 'vitest';
import { appUserModelId, claimInstance } from './startup';

const fakeApp = (locked: boolean) => ({ requestSingleInstanceLock: vi.fn(() => locked), exit: vi.fn(), setAppUserModelId: vi.fn(), quit: vi.fn() });

describe('start-up', () => {
  it('a second launch exits at once (exit, not quit) and goes no further', () => {
    const second = fakeApp(false);
    expect(claimInstance(second, 'win32')).toBe(false);
    expect(second.exit).toHaveBeenCalledWith(0);
    expect(second.quit).not.toHaveBeenCalled();
    expect(second.setAppUserModelId).not.toHaveBeenCalled();
  });

  it('on Windows the first instance takes the installer’s AppUserModelId, so its notifications show', () => {
    const first = fakeApp(true);
    expect(claimInstance(first, 'win32')).toBe(true);
    expect(first.setAppUserModelId).toHaveBeenCalledWith(appUserModelId);
    const builder = load(fs.readFileSync(path.resolve(import.meta.dirname, '../build/electron-builder.yml'), 'utf8')) as { appId: string };
    expect(builder.appId).toBe(appUserModelId);
    const mac = fakeApp(true);
    claimInstance(mac, 'darwin');
    expect(mac.setAppUserModelId).not.toHaveBeenCalled();
    expect(mac.exit).not.toHaveBeenCalled();
  });
});
