import { type RefObject, useEffect } from 'react';

interface Options {
  /** Escape hands focus back to this control (the button that opened the popup) */
  returnFocus?: RefObject<HTMLElement | null>;
}

/**
 * Closes a popup on a click outside `ref`, when focus moves outside it (Tab past its end), or on
 * Escape, which also gives focus back to the control that opened it.
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void, { returnFocus }: Options = {}): void {
  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) => !!ref.current && target instanceof Node && !ref.current.contains(target);
    const onPointer = (e: PointerEvent) => outside(e.target) && close();
    const onFocus = (e: FocusEvent) => outside(e.target) && close();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const active = document.activeElement;
      const hadFocus = !active || active === document.body || !!ref.current?.contains(active);
      close();
      if (hadFocus) returnFocus?.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref, open, close, returnFocus]);
}
