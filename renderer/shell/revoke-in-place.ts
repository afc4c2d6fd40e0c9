import { announce } from './announce';
import { focusSuccessorLater } from './focus';
import { toast } from './toast-store';

/**
 * Runs a revoke whose button leaves the page with it: once done, the next Revoke inside `within`
 * (else that box's heading) takes the focus and `done` is announced; a failure is an error toast
 * naming `subject`.
 */
export function revokeInPlace(button: HTMLButtonElement, within: string, run: () => Promise<unknown>, said: { done: string; failed: string; subject: string }): void {
  const box = button.closest(within);
  const focusNext = focusSuccessorLater(button, '[data-action="revoke"]', () => box?.querySelector('h2'));
  // The promise, not a mutation's callbacks: those are dropped once the row (the caller) is gone.
  run().then(
    () => {
      announce(said.done);
      focusNext();
    },
    (err: Error) => toast({ kind: 'error', title: said.failed, message: `${said.subject}: ${err.message}` }),
  );
}
