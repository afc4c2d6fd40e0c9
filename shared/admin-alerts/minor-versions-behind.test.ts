import { describe, expect, it } from 'vitest';
import { minorVersionsBehind } from './minor-versions-behind';

describe('minorVersionsBehind', () => {
  const stable = ['3.0.1', '3.0.0', '2.12.2', '2.12.0', '2.11.5', '2.10.0'];
  it.each([
    ['3.0.1', 0],
    ['3.0.0', 0],
    ['2.12.0', 1],
    ['2.11.5', 2],
    ['2.10.3', 3],
    ['2.9.0', 4],
    ['4.0.0', 0],
    ['2.12.2-rc1', 1],
  ])('%s is %i minor versions behind', (version, behind) => expect(minorVersionsBehind(version, stable)).toBe(behind));

  it('is unknown for a commit, an unknown version or an empty release list', () => {
    expect(minorVersionsBehind('0123456789abcdef0123456789abcdef01234567', stable)).toBeNull();
    expect(minorVersionsBehind('<unknown>', stable)).toBeNull();
    expect(minorVersionsBehind('2.10.0', [])).toBeNull();
  });
});
