import { describe, expect, it } from 'vitest';
import { afterGesture, noGestureMessage, trackUserGestures } from './user-gesture';

function setup() {
  let t = 1_000_000;
  let listener: ((event: unknown, input: { type: string; key?: string }) => void) | undefined;
  const wc = { on: (_: 'input-event', l: typeof listener) => (listener = l) };
  const gestures = trackUserGestures(wc, { now: () => t });
  const opened: string[] = [];
  const open = afterGesture(gestures, async (url) => void opened.push(url));
  return {
    input: (type: string, key?: string) => listener?.({}, { type, key }),
    later: (ms: number) => (t += ms),
    open,
    opened,
  };
}

describe('openExternal only after a user gesture', () => {
  it('refuses a link a page opens by script alone, before any input', async () => {
    const s = setup();
    await expect(s.open('https://example.com/')).rejects.toThrow(noGestureMessage);
    expect(s.opened).toEqual([]);
  });

  it('opens a link right after a click, a tap or a key press, and no more after 5 s', async () => {
    const s = setup();
    for (const [type, key] of [['mouseDown'], ['gestureTap'], ['rawKeyDown', 'Enter']] as const) {
      s.later(60_000);
      s.input(type, key);
      s.later(4_000);
      await s.open(`https://example.com/${type}`);
      s.later(1_001);
      await expect(s.open('https://example.com/late')).rejects.toThrow(noGestureMessage);
    }
    expect(s.opened).toEqual(['https://example.com/mouseDown', 'https://example.com/gestureTap', 'https://example.com/rawKeyDown']);
  });

  it('does not count moving the mouse, scrolling or Escape as a gesture', async () => {
    const s = setup();
    s.input('mouseMove');
    s.input('mouseWheel');
    s.input('rawKeyDown', 'Escape');
    await expect(s.open('https://example.com/')).rejects.toThrow(noGestureMessage);
  });
});
