/**
 * Which showcase clips play and which pause (public-site 2.5 item 5): only the selected tab's clip
 * plays, and only while the showcase is on screen. The clips are `preload="none"`, so a tab that is
 * never shown downloads nothing but its poster.
 */
export interface VideoPlan<T extends string> {
  play: T | undefined;
  pause: T[];
}

export function planVideos<T extends string>(tabs: readonly T[], selected: T, visible: boolean, reducedMotion: boolean): VideoPlan<T> {
  const show = visible && !reducedMotion;
  return {
    play: show ? selected : undefined,
    pause: tabs.filter((t) => !show || t !== selected),
  };
}
