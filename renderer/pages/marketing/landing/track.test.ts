import { describe, expect, it } from 'vitest';
import { createTracker, trackEventName, type TrackDetail } from './track';

describe('track', () => {
  it('dispatches one event per interaction with its data, and logs it when asked', () => {
    const target = new EventTarget();
    const seen: TrackDetail[] = [];
    const logged: TrackDetail[] = [];
    target.addEventListener(trackEventName, (e) => seen.push((e as CustomEvent<TrackDetail>).detail));
    const track = createTracker(target, (d) => logged.push(d));
    track('industry-auto-switched', { from: 'financial', to: 'healthcare' });
    track('company-detected');
    expect(seen).toEqual([
      { event: 'industry-auto-switched', data: { from: 'financial', to: 'healthcare' } },
      { event: 'company-detected', data: {} },
    ]);
    expect(logged).toEqual(seen);
  });
});
