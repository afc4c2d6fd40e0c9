import { describe, expect, it } from 'vitest';
import { bulkDeleteConfirmText, clickRow, emptySelection, type Selection, toggleAll, visibleSelection } from './selection';

const order = ['a', 'b', 'c', 'd', 'e'];
const ids = (s: Selection) => [...s.selected].sort();

/** Runs clicks ([id, shift]) from an empty selection. */
function clicks(...steps: [string, boolean][]): Selection {
  return steps.reduce((s, [id, shift]) => clickRow(s, order, id, shift), emptySelection);
}

describe('shift-range selection', () => {
  it.each([
    ['a click toggles one row', [['b', false]], ['b']],
    [
      'a second click unticks it',
      [
        ['b', false],
        ['b', false],
      ],
      [],
    ],
    [
      'shift-click selects the range from the last click',
      [
        ['b', false],
        ['d', true],
      ],
      ['b', 'c', 'd'],
    ],
    [
      'the range works upwards',
      [
        ['d', false],
        ['a', true],
      ],
      ['a', 'b', 'c', 'd'],
    ],
    ['shift without an anchor toggles one row', [['c', true]], ['c']],
    [
      'a shift-click on a ticked row clears the range',
      [
        ['a', false],
        ['e', true],
        ['b', false],
        ['d', true],
      ],
      ['a', 'e'],
    ],
    [
      'ranges add up',
      [
        ['a', false],
        ['b', true],
        ['d', false],
        ['e', true],
      ],
      ['a', 'b', 'd', 'e'],
    ],
  ] as [string, [string, boolean][], string[]][])('%s', (_name, steps, expected) => {
    expect(ids(clicks(...steps))).toEqual(expected);
  });

  it('the header box selects all, then none', () => {
    const all = toggleAll(clicks(['a', false]), order);
    expect(ids(all)).toEqual(order);
    expect(ids(toggleAll(all, order))).toEqual([]);
  });

  it('rows that left the table leave the selection count', () => {
    expect(visibleSelection(clicks(['a', false], ['c', true]), ['a', 'c', 'x'])).toEqual(['a', 'c']);
  });

  it('asks the spec question', () => {
    expect(bulkDeleteConfirmText(2)).toBe('Are you sure you want to delete 2 deployment(s)?');
  });
});
