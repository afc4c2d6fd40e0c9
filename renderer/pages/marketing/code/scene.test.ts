import { describe, expect, it } from 'vitest';
import { initiallyRunning, sceneAt } from './scene';

describe('code page canvas scene', () => {
  it('is the same picture for the same moment (a paused canvas does not move)', () => {
    expect(sceneAt(1234, 6)).toEqual(sceneAt(1234, 6));
  });

  it('moves over time', () => {
    expect(sceneAt(0, 6)).not.toEqual(sceneAt(2000, 6));
  });

  it('keeps every line inside its tile and every card on the three-column board', () => {
    for (const t of [0, 500, 4000, 8999, 123_456]) {
      for (const tile of sceneAt(t, 8)) {
        expect(tile.lines.every((w) => w >= 0 && w <= 1)).toBe(true);
        expect([0, 1, 2]).toContain(tile.column);
      }
    }
  });

  it('starts paused for visitors who prefer reduced motion', () => {
    expect(initiallyRunning(true)).toBe(false);
    expect(initiallyRunning(false)).toBe(true);
  });
});
