import { describe, expect, it } from 'vitest';
import { dragOffset, idle, swipeEnd, swipeMove, swipeStart, type SwipeState } from './swipe';

/** Moves a finger from (100, 300) through the given points and lifts it; answers the variant after. */
function gesture(points: [number, number][], variant: number, count = 2): { state: SwipeState; after: number } {
  let state = swipeStart(100, 300);
  for (const [x, y] of points) state = swipeMove(state, x, y, variant, count);
  return { state, after: swipeEnd(state, variant, count) };
}

describe('hero swipe', () => {
  it.each([
    ['20 px is not yet a swipe', [[80, 300]], 'pending'],
    ['21 px flat is a swipe', [[79, 300]], 'dragging'],
    ['29° off horizontal is a swipe', [[100 - 40, 300 + 40 * Math.tan((29 * Math.PI) / 180)]], 'dragging'],
    ['31° off horizontal is a scroll', [[100 - 40, 300 + 40 * Math.tan((31 * Math.PI) / 180)]], 'ignored'],
    ['a vertical move is a scroll', [[102, 360]], 'ignored'],
    [
      'a scroll stays a scroll even if the finger then moves sideways',
      [
        [100, 340],
        [0, 340],
      ],
      'ignored',
    ],
  ] as const)('%s', (_, points, phase) => {
    expect(gesture(points as unknown as [number, number][], 1).state.phase).toBe(phase);
  });

  it.each([
    ['a 60 px left swipe on variant 1 shows variant 2', [[40, 300]], 1, 2],
    ['a 50 px left swipe snaps back', [[50, 300]], 1, 1],
    ['a 51 px left swipe switches', [[49, 300]], 1, 2],
    ['a 60 px right swipe on variant 2 shows variant 1', [[160, 300]], 2, 1],
    ['a right swipe on variant 1 cannot pass the start', [[300, 300]], 1, 1],
    ['a left swipe on variant 2 cannot pass the end', [[-200, 300]], 2, 2],
    [
      'moving back under the threshold before lifting snaps back',
      [
        [0, 300],
        [70, 300],
      ],
      1,
      1,
    ],
    ['a vertical scroll never switches', [[98, 500]], 1, 1],
  ] as const)('%s', (_, points, variant, after) => {
    expect(gesture(points as unknown as [number, number][], variant).after).toBe(after);
  });

  it('follows the finger, capped at 200 px and never past the ends', () => {
    expect(dragOffset(gesture([[40, 300]], 1).state)).toBe(-60);
    expect(dragOffset(gesture([[-400, 300]], 1).state)).toBe(-200);
    expect(dragOffset(gesture([[400, 300]], 1).state)).toBe(0);
    expect(dragOffset(gesture([[400, 300]], 2).state)).toBe(200);
    expect(dragOffset(gesture([[-400, 300]], 2).state)).toBe(0);
    expect(dragOffset(idle)).toBe(0);
  });

  it('moves one variant at a time with more variants', () => {
    expect(gesture([[-300, 300]], 2, 3).after).toBe(3);
    expect(gesture([[300, 300]], 2, 3).after).toBe(1);
  });

  it('snaps back when the touch is cancelled', () => {
    const { state } = gesture([[0, 300]], 1);
    expect(swipeEnd(state, 1, 2, true)).toBe(1);
  });
});
