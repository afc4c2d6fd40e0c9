import { describe, expect, it } from 'vitest';
import { restoredBounds } from './bounds';
import { afterAllWindowsClosed, onMainWindowClose } from './close';

describe('closing the main window while an administrator’s tray runs', () => {
  it.each([
    ['the tray runs: the window hides, polling and alerts go on', { quitting: false, quitOnClose: false, trayRunning: true }, 'hide'],
    ['the setting "Quit when the window is closed"', { quitting: false, quitOnClose: true, trayRunning: true }, 'close'],
    ['Quit in the tray menu', { quitting: true, quitOnClose: false, trayRunning: true }, 'close'],
    ['no tray (not an administrator)', { quitting: false, quitOnClose: false, trayRunning: false }, 'close'],
  ] as const)('%s', (_case, state, action) => {
    expect(onMainWindowClose(state)).toBe(action);
  });

  it.each([
    ['win32', false, true, 'keep'],
    ['linux', false, true, 'keep'],
    ['linux', false, false, 'quit'],
    ['win32', true, true, 'quit'],
    ['darwin', false, false, 'keep'],
  ] as const)('all windows closed on %s (quit on close %s, tray %s): %s', (platform, quitOnClose, trayRunning, action) => {
    expect(afterAllWindowsClosed({ platform, quitOnClose, trayRunning })).toBe(action);
  });
});

describe('the main window comes back where it was', () => {
  const laptop = { x: 0, y: 0, width: 1440, height: 875 };
  const monitor = { x: 1440, y: 0, width: 2560, height: 1400 };

  it('on the display it was on, shrunk to fit', () => {
    expect(restoredBounds({ x: 1600, y: 100, width: 1200, height: 800 }, [laptop, monitor])).toEqual({ x: 1600, y: 100, width: 1200, height: 800 });
    expect(restoredBounds({ x: 100, y: 20, width: 2000, height: 1300 }, [laptop])).toEqual({ x: 0, y: 0, width: 1440, height: 875 });
  });

  it('not at all when its display is gone or nothing was saved (default size, centred)', () => {
    expect(restoredBounds({ x: 1600, y: 100, width: 1200, height: 800 }, [laptop])).toBeUndefined();
    expect(restoredBounds(undefined, [laptop])).toBeUndefined();
  });
});
