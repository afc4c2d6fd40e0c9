import { useSyncExternalStore } from 'react';

/** Whether the media query matches now, re-rendering when that changes (a window resized past a breakpoint). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    // The server's rendering (and the hydration of it) takes the wide layout; a narrow screen re-renders at once.
    () => false,
  );
}
