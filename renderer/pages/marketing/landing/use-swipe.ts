import { type PointerEvent, useRef, useState } from 'react';
import { dragOffset, idle, swipeEnd, swipeMove, swipeStart, type SwipeState } from './swipe';

/**
 * Binds swipe.ts to pointer events of touch and pen input (a mouse drag selects text as usual).
 * The element needs `touch-action: pan-y`, so vertical moves still scroll the page natively — the
 * browser then cancels the pointer, which snaps the hero back.
 */
export function useSwipe(variant: number, count: number, onChange: (variant: number) => void) {
  const state = useRef<SwipeState>(idle);
  const [offset, setOffset] = useState(0);

  const set = (next: SwipeState) => {
    state.current = next;
    setOffset(dragOffset(next));
  };
  const finish = (cancelled: boolean) => {
    const next = swipeEnd(state.current, variant, count, cancelled);
    set(idle);
    if (next !== variant) onChange(next);
  };

  const handlers = {
    onPointerDown: (e: PointerEvent) => {
      if (e.pointerType === 'mouse' || !e.isPrimary) return;
      set(swipeStart(e.clientX, e.clientY));
    },
    onPointerMove: (e: PointerEvent) => {
      if (!e.isPrimary || state.current.phase === 'idle') return;
      set(swipeMove(state.current, e.clientX, e.clientY, variant, count));
    },
    onPointerUp: (e: PointerEvent) => {
      if (e.isPrimary) finish(false);
    },
    onPointerCancel: () => finish(true),
  };
  return { offset, dragging: state.current.phase === 'dragging', handlers };
}
