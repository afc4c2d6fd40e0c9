import { describe, expect, it } from 'vitest';
import { trayWindowPosition, type Rect } from './placement';

const size = { width: 360, height: 460 };
const noIcon: Rect = { x: 0, y: 0, width: 0, height: 0 };
const rect = (x: number, y: number, width: number, height: number): Rect => ({ x, y, width, height });

describe('tray window placement: inside the work area, next to the icon', () => {
  it.each([
    ['macOS: menu bar at the top, window under the icon', rect(1100, 0, 24, 24), { x: 0, y: 0 }, rect(0, 0, 1440, 900), rect(0, 25, 1440, 875), { x: 932, y: 28 }],
    ['macOS: icon at the right end, window kept on screen', rect(1410, 0, 24, 24), { x: 0, y: 0 }, rect(0, 0, 1440, 900), rect(0, 25, 1440, 875), { x: 1080, y: 28 }],
    ['Windows: taskbar at the bottom, window above the icon', rect(1750, 1048, 24, 24), { x: 0, y: 0 }, rect(0, 0, 1920, 1080), rect(0, 0, 1920, 1040), { x: 1560, y: 580 }],
    ['Windows: taskbar on the left, window beside it', rect(19, 900, 24, 24), { x: 0, y: 0 }, rect(0, 0, 1920, 1080), rect(62, 0, 1858, 1080), { x: 62, y: 620 }],
    ['Windows: auto-hidden taskbar at the bottom', rect(1750, 1050, 24, 24), { x: 0, y: 0 }, rect(0, 0, 1920, 1080), rect(0, 0, 1920, 1080), { x: 1560, y: 586 }],
    ['Windows: second display right of the first, taskbar at its bottom', rect(4300, 1410, 24, 24), { x: 0, y: 0 }, rect(1920, 0, 2560, 1440), rect(1920, 0, 2560, 1400), { x: 4120, y: 940 }],
    ['Linux (GNOME): top bar, icon gives no position → at the click', noIcon, { x: 1850, y: 12 }, rect(0, 0, 1920, 1080), rect(0, 32, 1920, 1048), { x: 1560, y: 32 }],
    ['Linux (KDE): bottom panel, icon gives no position → above the click', noIcon, { x: 900, y: 1060 }, rect(0, 0, 1920, 1080), rect(0, 0, 1920, 1036), { x: 720, y: 576 }],
    ['a display smaller than the window: top-left of the work area', rect(700, 0, 24, 24), { x: 0, y: 0 }, rect(0, 0, 800, 400), rect(0, 25, 800, 375), { x: 440, y: 25 }],
  ])('%s', (_layout, icon, cursor, bounds, workArea, expected) => {
    const at = trayWindowPosition({ icon, cursor, display: { bounds, workArea }, size });
    expect(at).toEqual(expected);
    // never outside the work area (unless the window is bigger than it)
    expect(at.x).toBeGreaterThanOrEqual(workArea.x);
    expect(at.y).toBeGreaterThanOrEqual(workArea.y);
    if (workArea.width >= size.width) expect(at.x + size.width).toBeLessThanOrEqual(workArea.x + workArea.width);
    if (workArea.height >= size.height) expect(at.y + size.height).toBeLessThanOrEqual(workArea.y + workArea.height);
  });
});
