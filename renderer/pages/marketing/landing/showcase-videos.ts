/**
 * Which showcase clips to load, play and pause (public-site 2.5 item 5): only the selected tab's
 * clip plays, and only while the showcase is on screen; a clip's source is set the first time its
 * tab is shown, so unvisited tabs never download anything.
 */
export interface VideoPlan<T extends string> {
  /** clips whose source must now be set (first time shown) */
  load: T[];
  play: T | undefined;
  pause: T[];
}

export function planVideos<T extends string>(tabs: readonly T[], selected: T, visible: boolean, loaded: ReadonlySet<T>, reducedMotion: boolean): VideoPlan<T> {
  const show = visible && !reducedMotion;
  return {
    load: visible && !loaded.has(selected) ? [selected] : [],
    play: show ? selected : undefined,
    pause: tabs.filter((t) => !show || t !== selected),
  };
}
