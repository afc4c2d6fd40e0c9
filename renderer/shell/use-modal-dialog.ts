import { type SyntheticEvent, useEffect, useRef } from 'react';
import { tabbablesIn } from './focus';

/**
 * A native <dialog> shown modally on mount (focus trap, Escape, inert page for free). Escape calls
 * onClose and leaves closing to React. Tab and Shift+Tab go round the dialog's own controls (a native
 * modal lets them out to the browser's toolbar, or to <body> where there is none). No close() on unmount: removing the element ends the modal,
 * and a close queued by a cleanup would shut the dialog again right after StrictMode's second mount.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    }
    const keepTabInside = (e: KeyboardEvent) => {
      const controls = dialog ? tabbablesIn(dialog) : [];
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (e.key !== 'Tab' || !first || !last) return;
      const edge = e.shiftKey ? first : last;
      if (document.activeElement !== edge && dialog?.contains(document.activeElement)) return;
      e.preventDefault();
      (e.shiftKey ? last : first).focus();
    };
    dialog?.addEventListener('keydown', keepTabInside);
    // Only close() hands focus back to the opener; an unmounted dialog leaves it on <body>, which
    // sends keyboard users back to the top of the page. (StrictMode's trial unmount keeps the dialog.)
    return () => {
      dialog?.removeEventListener('keydown', keepTabInside);
      if (!dialog?.isConnected && opener.current?.isConnected) opener.current.focus({ preventScroll: true });
    };
  }, []);
  const onCancel = (e: SyntheticEvent<HTMLDialogElement>) => {
    e.preventDefault();
    onClose();
  };
  return { ref, onCancel };
}
