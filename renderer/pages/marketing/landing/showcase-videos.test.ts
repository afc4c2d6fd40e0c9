import { describe, expect, it } from 'vitest';
import { planVideos } from './showcase-videos';

const tabs = ['agents', 'models', 'rag'] as const;

describe('showcase clips', () => {
  it('plays nothing while the showcase is off screen', () => {
    expect(planVideos(tabs, 'agents', false, false)).toEqual({ play: undefined, pause: ['agents', 'models', 'rag'] });
  });

  it('plays the selected clip on screen and pauses the others', () => {
    expect(planVideos(tabs, 'models', true, false)).toEqual({ play: 'models', pause: ['agents', 'rag'] });
  });

  it('with reduced motion leaves playing to the visitor', () => {
    expect(planVideos(tabs, 'rag', true, true)).toEqual({ play: undefined, pause: ['agents', 'models', 'rag'] });
  });
});
