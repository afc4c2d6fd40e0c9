/**
 * Touch swipe between hero variants (public-site 4). Pure: the hero feeds it pointer positions
 * and renders `offset`; tests feed it numbers.
 *
 * - recognised once horizontal movement exceeds 20 px within 30° of horizontal; a steeper move is
 *   a page scroll and the gesture is ignored until the finger lifts
 * - the drag follows the finger, capped at 200 px, and cannot pull past the first or last variant
 * - releasing beyond 50 px switches to the neighbour; otherwise the hero snaps back
 */
export const swipeRules = { recognisePx: 20, maxAngleDeg: 30, capPx: 200, switchPx: 50 } as const;

export type SwipeState =
  | { phase: 'idle' }
  /** finger down, not yet moved far enough to tell a swipe from a scroll */
  | { phase: 'pending'; startX: number; startY: number }
  | { phase: 'dragging'; startX: number; startY: number; offset: number }
  /** a vertical move: the page scrolls, the hero stays */
  | { phase: 'ignored' };

export const idle: SwipeState = { phase: 'idle' };

export function swipeStart(x: number, y: number): SwipeState {
  return { phase: 'pending', startX: x, startY: y };
}

const maxSlope = Math.tan((swipeRules.maxAngleDeg * Math.PI) / 180);

/** Dragging right (positive) shows the previous variant, left (negative) the next one. */
function clampOffset(dx: number, variant: number, count: number): number {
  const capped = Math.max(-swipeRules.capPx, Math.min(swipeRules.capPx, dx));
  if (variant <= 1 && capped > 0) return 0;
  if (variant >= count && capped < 0) return 0;
  return capped;
}

export function swipeMove(state: SwipeState, x: number, y: number, variant: number, count: number): SwipeState {
  if (state.phase !== 'pending' && state.phase !== 'dragging') return state;
  const dx = x - state.startX;
  const dy = y - state.startY;
  if (state.phase === 'pending') {
    const horizontal = Math.abs(dx);
    const vertical = Math.abs(dy);
    const steep = vertical > horizontal * maxSlope;
    if (horizontal > swipeRules.recognisePx && !steep) return { phase: 'dragging', startX: state.startX, startY: state.startY, offset: clampOffset(dx, variant, count) };
    // Moved clearly, but too steeply: a scroll.
    if (Math.hypot(dx, dy) > swipeRules.recognisePx && steep) return { phase: 'ignored' };
    return state;
  }
  return { ...state, offset: clampOffset(dx, variant, count) };
}

/** The variant after the finger lifts (or the gesture is cancelled: `cancelled` always snaps back). */
export function swipeEnd(state: SwipeState, variant: number, count: number, cancelled = false): number {
  if (cancelled || state.phase !== 'dragging' || Math.abs(state.offset) <= swipeRules.switchPx) return variant;
  const next = state.offset < 0 ? variant + 1 : variant - 1;
  return Math.max(1, Math.min(count, next));
}

/** The drag offset to draw, 0 when not dragging. */
export function dragOffset(state: SwipeState): number {
  return state.phase === 'dragging' ? state.offset : 0;
}
