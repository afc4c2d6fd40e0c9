import { describe, expect, it } from 'vitest';
import { createExitKeys } from './exit-keys';

const down = (key: string) => ({ type: 'keydown', key });
const up = (key: string) => ({ type: 'keyup', key });

/** Feeds keys in order; answers what xterm was told for each (true: the shell gets it). */
function run(keys: { type: string; key: string }[]): boolean[] {
  const exit = createExitKeys();
  return keys.map((k) => exit.handle(k));
}

describe('the terminal exit keys', () => {
  it.each([
    ['plain Tab is completion for the shell', [down('Tab')], [true]],
    ['Escape reaches the shell, the Tab after it leaves', [down('Escape'), up('Escape'), down('Tab')], [true, true, false]],
    ['Escape then Shift+Tab leaves backwards', [down('Escape'), down('Shift'), down('Tab')], [true, true, false]],
    ['another key in between disarms', [down('Escape'), down('a'), down('Tab')], [true, true, true]],
    ['after leaving, the next Tab is completion again', [down('Escape'), down('Tab'), down('Tab')], [true, false, true]],
    ['Escape twice stays armed', [down('Escape'), down('Escape'), down('Tab')], [true, true, false]],
  ])('%s', (_name, keys, expected) => {
    expect(run(keys)).toEqual(expected);
  });
});
