import { describe, expect, it } from 'vitest';
import { tabKeyIndex } from './tabs';

describe('tab keys', () => {
  it.each([
    ['ArrowRight', 0, 1],
    ['ArrowRight', 6, 0],
    ['ArrowLeft', 0, 6],
    ['ArrowLeft', 3, 2],
    ['Home', 4, 0],
    ['End', 1, 6],
    ['Enter', 1, undefined],
  ])('%s from %i → %s', (key, from, to) => {
    expect(tabKeyIndex(key, from, 7)).toBe(to);
  });
});
