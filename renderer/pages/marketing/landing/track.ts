/**
 * Landing-page interaction events (public-site 7). No network: each event is a `launchpad:track`
 * CustomEvent on `window` that an analytics integration can listen to, and a console line in
 * development.
 */
export type TrackEvent = 'company-detected' | 'industry-manually-switched' | 'industry-auto-switched';

export interface TrackDetail {
  event: TrackEvent;
  data: Record<string, unknown>;
}

export const trackEventName = 'launchpad:track';

export function createTracker(target: EventTarget, log?: (detail: TrackDetail) => void) {
  return (event: TrackEvent, data: Record<string, unknown> = {}) => {
    const detail: TrackDetail = { event, data };
    target.dispatchEvent(new CustomEvent<TrackDetail>(trackEventName, { detail }));
    log?.(detail);
  };
}

export const track = createTracker(typeof window === 'undefined' ? new EventTarget() : window, import.meta.env?.DEV ? (d) => console.info('[track]', d.event, d.data) : undefined);
