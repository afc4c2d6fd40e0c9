import { useEffect, useRef, useState } from 'react';
import { animatedValue, balanceAnimationMs } from './animate';

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The number to show for `target`: the first value appears as it is (or animates in from
 * `initial` when given), every later change animates from what is on screen to the new value over
 * `durationMs` (requestAnimationFrame), so a change arriving mid-animation continues smoothly.
 */
export function useAnimatedNumber(target: number | undefined, opts: { initial?: number; durationMs?: number } = {}): number | undefined {
  const durationMs = opts.durationMs ?? balanceAnimationMs;
  const [shown, setShown] = useState(opts.initial ?? target);
  const shownRef = useRef(opts.initial ?? target);

  useEffect(() => {
    if (target === undefined) return;
    const from = shownRef.current;
    const jump = () => {
      shownRef.current = target;
      setShown(target);
    };
    if (from === undefined || from === target || prefersReducedMotion()) {
      jump();
      return;
    }
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const elapsed = now - start;
      const value = animatedValue(from, target, elapsed, durationMs);
      shownRef.current = value;
      setShown(value);
      if (elapsed < durationMs) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs]);

  return shown;
}
