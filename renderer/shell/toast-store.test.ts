import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, toastDurationMs, useToastStore } from './toast-store';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('auto-dismisses after 5000 ms by default', () => {
    expect(toastDurationMs).toBe(5000);
    toast({ title: 'Saved' });
    expect(useToastStore.getState().toasts).toMatchObject([{ title: 'Saved', kind: 'info', message: undefined }]);
    vi.advanceTimersByTime(4999);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('honours a custom duration and 0 for sticky', () => {
    toast({ title: 'quick', durationMs: 1000 });
    const sticky = toast({ title: 'sticky', kind: 'error', durationMs: 0 });
    vi.advanceTimersByTime(60_000);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['sticky']);
    dismissToast(sticky);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('keeps an error until it is closed, and times success the same as before', () => {
    const error = toast({ title: 'Could not mark as paid', kind: 'error' });
    toast({ title: 'Marked as paid', kind: 'success' });
    vi.advanceTimersByTime(10 * 60_000);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['Could not mark as paid']);
    dismissToast(error);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('keeps order and distinct ids', () => {
    const a = toast({ title: 'a', message: 'first', kind: 'success' });
    const b = toast({ title: 'b', kind: 'warning' });
    expect(a).not.toBe(b);
    expect(useToastStore.getState().toasts.map((t) => [t.title, t.kind])).toEqual([
      ['a', 'success'],
      ['b', 'warning'],
    ]);
  });
});
