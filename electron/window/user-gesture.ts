/** Chromium's own transient user activation lasts 5 s: a link opened later than that was not the person's doing. */
export const gestureWindowMs = 5_000;

/** The few webContents members used: Electron's `input-event` carries every mouse, touch and key event sent to the page. */
export interface InputEventSource {
  on(event: 'input-event', listener: (event: unknown, input: { type: string; key?: string }) => void): unknown;
}

/** Input that activates a page, as Chromium counts it: a press or release of a button, a tap, a key other than Escape. Moves and wheels do not. */
const activating = new Set(['mouseDown', 'mouseUp', 'touchStart', 'touchEnd', 'gestureTap', 'rawKeyDown', 'keyDown']);

/**
 * Remembers when the person last clicked, tapped or pressed a key in a window, so that what a page
 * asks to open in the browser (a link, `window.open`, the bridge's `openExternal`) is opened only
 * right after the person did something there, never by script alone.
 */
export function trackUserGestures(wc: InputEventSource, opts: { now?: () => number; windowMs?: number } = {}) {
  const now = opts.now ?? Date.now;
  let last = Number.NEGATIVE_INFINITY;
  wc.on('input-event', (_event, input) => {
    if (activating.has(input.type) && input.key !== 'Escape') last = now();
  });
  return {
    /** whether the person gave input within the window */
    recent: () => now() - last <= (opts.windowMs ?? gestureWindowMs),
  };
}

export type GestureTracker = ReturnType<typeof trackUserGestures>;

export const noGestureMessage = 'Links open in the browser only right after a click or a key press';

/** `open`, refused unless the window's person just gave input. */
export function afterGesture(gestures: GestureTracker, open: (url: string) => Promise<void>) {
  return (url: string): Promise<void> => (gestures.recent() ? open(url) : Promise.reject(new Error(noGestureMessage)));
}
