/** How long an auto-opened terminal stays open after the install finished. */
export const autoCloseDelayMs = 2000;

const words = ['Cloud-init', 'finished'] as const;
const carry = Math.max(...words.map((w) => w.length)) - 1;

/**
 * Watches a terminal's output for the end of an install: true once the output so far contains both
 * "Cloud-init" and "finished" (anywhere, also split across chunks).
 */
export function createInstallWatcher(): { push(chunk: string): boolean; readonly finished: boolean } {
  const seen = new Set<string>();
  let tail = '';
  return {
    push(chunk) {
      if (seen.size === words.length) return true;
      const text = tail + chunk;
      for (const w of words) if (text.includes(w)) seen.add(w);
      tail = text.slice(-carry);
      return seen.size === words.length;
    },
    get finished() {
      return seen.size === words.length;
    },
  };
}

/**
 * The auto-close of a terminal opened after a create: calls `onClose` once, `delayMs` after the
 * output showed that the install finished. `cancel` stops a pending close (the panel went away).
 */
export function createAutoClose(onClose: () => void, delayMs = autoCloseDelayMs): { push(chunk: string): void; cancel(): void } {
  const watcher = createInstallWatcher();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  return {
    push(chunk) {
      if (cancelled || timer !== undefined || !watcher.push(chunk)) return;
      timer = setTimeout(() => {
        if (!cancelled) onClose();
      }, delayMs);
    },
    cancel() {
      cancelled = true;
      clearTimeout(timer);
    },
  };
}
