import { create } from 'zustand';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export interface Toast {
  id: number;
  title: string;
  message: string | undefined;
  kind: ToastKind;
}

export interface ToastInput {
  title: string;
  message?: string;
  kind?: ToastKind;
  /** 0 keeps the toast until it is closed; an error stays until closed unless told otherwise */
  durationMs?: number;
}

/**
 * Notifications auto-dismiss after 5000 ms by default (spec), except errors: a problem that leaves
 * before it is read (or while a screen reader is still reading the page) is a problem not told, so
 * an error toast stays until its close button is used.
 */
export const toastDurationMs = 5000;

interface ToastState {
  toasts: Toast[];
}

export const useToastStore = create<ToastState>()(() => ({ toasts: [] }));

export const selectToasts = (s: ToastState) => s.toasts;

let nextId = 1;

export function dismissToast(id: number): void {
  useToastStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}

/** Shows a notification; returns its id. */
export function toast({ title, message, kind = 'info', durationMs = kind === 'error' ? 0 : toastDurationMs }: ToastInput): number {
  const id = nextId++;
  useToastStore.setState((s) => ({ toasts: [...s.toasts, { id, title, message, kind }] }));
  if (durationMs > 0) setTimeout(() => dismissToast(id), durationMs);
  return id;
}
