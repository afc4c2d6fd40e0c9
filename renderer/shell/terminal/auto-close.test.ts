import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { autoCloseDelayMs, createAutoClose, createInstallWatcher } from './auto-close';

describe('createInstallWatcher', () => {
  it('needs both "Cloud-init" and "finished" in the output', () => {
    const w = createInstallWatcher();
    expect(w.push("Cloud-init v. 24.1 running 'init'\r\n")).toBe(false);
    expect(w.push('==> Installing api\r\n')).toBe(false);
    expect(w.push('Cloud-init v. 24.1 finished at Mon\r\n')).toBe(true);
    expect(w.finished).toBe(true);
  });

  it('accepts the words in separate lines and chunks, in any order', () => {
    const w = createInstallWatcher();
    expect(w.push('step finished\r\n')).toBe(false);
    expect(w.push('Cloud-i')).toBe(false);
    expect(w.push('nit done')).toBe(true);
  });

  it('finds a word split across many small chunks', () => {
    const w = createInstallWatcher();
    let done = false;
    for (const c of 'Cloud-init v. 24.1 finished') done = w.push(c);
    expect(done).toBe(true);
  });

  it('is case-sensitive and ignores other output', () => {
    const w = createInstallWatcher();
    expect(w.push('cloud-init FINISHED\r\nroot@lp-1:~# ls\r\n')).toBe(false);
    expect(w.finished).toBe(false);
  });
});

describe('createAutoClose', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes 2 s after the install finished, once', () => {
    const onClose = vi.fn();
    const auto = createAutoClose(onClose);
    auto.push('Cloud-init v. 24.1 running\r\n');
    vi.advanceTimersByTime(10_000);
    expect(onClose).not.toHaveBeenCalled();
    auto.push('Cloud-init v. 24.1 finished at now\r\n');
    vi.advanceTimersByTime(autoCloseDelayMs - 1);
    expect(onClose).not.toHaveBeenCalled();
    auto.push('more output that mentions Cloud-init finished again\r\n');
    vi.advanceTimersByTime(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not close after cancel', () => {
    const onClose = vi.fn();
    const auto = createAutoClose(onClose);
    auto.push('Cloud-init finished');
    auto.cancel();
    vi.advanceTimersByTime(autoCloseDelayMs * 2);
    auto.push('Cloud-init finished');
    vi.advanceTimersByTime(autoCloseDelayMs * 2);
    expect(onClose).not.toHaveBeenCalled();
  });
});
