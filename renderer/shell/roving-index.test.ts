import { describe, expect, it } from 'vitest';
import { rovingIndex, type Orientation } from './roving-index';

describe('roving focus keys', () => {
  it.each<[string, number, Orientation, number | undefined]>([
    ['ArrowRight', 0, 'horizontal', 1],
    ['ArrowRight', 6, 'horizontal', 0],
    ['ArrowLeft', 0, 'horizontal', 6],
    ['ArrowLeft', 3, 'horizontal', 2],
    ['ArrowDown', 3, 'horizontal', undefined],
    ['ArrowDown', -1, 'vertical', 0],
    ['ArrowDown', 6, 'vertical', 0],
    ['ArrowUp', -1, 'vertical', 6],
    ['ArrowUp', 0, 'vertical', 6],
    ['ArrowRight', 2, 'vertical', undefined],
    ['ArrowDown', 2, 'both', 3],
    ['ArrowLeft', 2, 'both', 1],
    ['Home', 4, 'horizontal', 0],
    ['End', 1, 'vertical', 6],
    ['Enter', 1, 'both', undefined],
    ['Tab', 0, 'vertical', undefined],
  ])('%s from %i (%s) → %s', (key, from, orientation, to) => {
    expect(rovingIndex(key, from, 7, orientation)).toBe(to);
  });

  it('does nothing in an empty list', () => {
    expect(rovingIndex('ArrowRight', 0, 0)).toBeUndefined();
  });
});
