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
  /** 0 keeps the toast until it is closed */
  durationMs?: number;
}

/** Notifications auto-dismiss after 5000 ms by default (spec). */
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
export function toast({ title, message, kind = 'info', durationMs = toastDurationMs }: ToastInput): number {
  const id = nextId++;
  useToastStore.setState((s) => ({ toasts: [...s.toasts, { id, title, message, kind }] }));
  if (durationMs > 0) setTimeout(() => dismissToast(id), durationMs);
  return id;
}
