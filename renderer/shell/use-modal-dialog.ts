import { type SyntheticEvent, useEffect, useRef } from 'react';

/**
 * A native <dialog> shown modally on mount (focus trap, Escape, inert page for free). Escape calls
 * onClose and leaves closing to React. No close() on unmount: removing the element ends the modal,
 * and a close queued by a cleanup would shut the dialog again right after StrictMode's second mount.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const onCancel = (e: SyntheticEvent<HTMLDialogElement>) => {
    e.preventDefault();
    onClose();
  };
  return { ref, onCancel };
}
