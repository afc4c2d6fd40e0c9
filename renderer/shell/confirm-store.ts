import { create } from 'zustand';

/** What a confirm dialog asks: the question, and the words of the button that does it. */
export interface ConfirmRequest {
  /** the question and what follows from it (a blank line starts a new paragraph) */
  message: string;
  /** the confirming button's words, the action itself ("Delete Deployment"), also the dialog's heading unless `title` says otherwise */
  action: string;
  title?: string;
  /** false for an action that destroys nothing (Mark as Paid): the button is the primary one, not the red one */
  danger?: boolean;
}

export interface PendingConfirm extends ConfirmRequest {
  id: number;
  settle(confirmed: boolean): void;
}

interface ConfirmState {
  pending: PendingConfirm | undefined;
}

export const useConfirmStore = create<ConfirmState>()(() => ({ pending: undefined }));

export const selectPendingConfirm = (s: ConfirmState) => s.pending;

let nextId = 1;

/**
 * Asks in the app's own confirm dialog (ConfirmHost) and answers true once the action is confirmed,
 * false when it is cancelled: `if (!(await confirmAction({ message, action: 'Delete' }))) return;`.
 * One question at a time: a new one cancels the one still open.
 */
export function confirmAction(request: ConfirmRequest): Promise<boolean> {
  useConfirmStore.getState().pending?.settle(false);
  return new Promise<boolean>((resolve) => {
    const id = nextId++;
    const settle = (confirmed: boolean) => {
      if (useConfirmStore.getState().pending?.id === id) useConfirmStore.setState({ pending: undefined });
      resolve(confirmed);
    };
    useConfirmStore.setState({ pending: { ...request, id, settle } });
  });
}
