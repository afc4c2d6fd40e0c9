import { describe, expect, it } from 'vitest';
import { planVideos } from './showcase-videos';

const tabs = ['agents', 'models', 'rag'] as const;

describe('showcase clips', () => {
  it('loads nothing while the showcase is off screen', () => {
    expect(planVideos(tabs, 'agents', false, new Set(), false)).toEqual({ load: [], play: undefined, pause: ['agents', 'models', 'rag'] });
  });

  it('loads and plays the selected clip on screen and pauses the others', () => {
    expect(planVideos(tabs, 'models', true, new Set(['agents']), false)).toEqual({ load: ['models'], play: 'models', pause: ['agents', 'rag'] });
  });

  it('does not load a clip twice', () => {
    expect(planVideos(tabs, 'agents', true, new Set(['agents']), false).load).toEqual([]);
  });

  it('with reduced motion loads the clip but leaves playing to the visitor', () => {
    expect(planVideos(tabs, 'rag', true, new Set(), true)).toEqual({ load: ['rag'], play: undefined, pause: ['agents', 'models', 'rag'] });
  });
});
