import { describe, expect, it } from 'vitest';
import { installationStatus } from './status';
import { versionsBehind } from './versions-behind';

const now = new Date('2026-01-10T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe('installation status', () => {
  it.each([
    [48, 0, 'active'],
    [48, 2.99, 'active'],
    [48, 3, 'inactive'],
    [2, 1, 'new'],
    [23.9, 0, 'new'],
    [24, 0, 'active'],
    [5, 4, 'inactive'],
  ] as const)('first seen %s h ago, last ping %s h ago: %s', (first, last, status) => {
    expect(installationStatus(hoursAgo(first), hoursAgo(last), now)).toBe(status);
  });
});

describe('versions behind', () => {
  const stable = ['2.12.2', '2.12.1', '2.11.0'];
  it.each([
    ['2.12.2', 0],
    ['2.13.0', 0],
    ['2.13.0-rc1', 0],
    // one definition with the administrator's alert: minor release lines, patch releases count once
    ['2.12.1', 0],
    ['2.12.0', 0],
    ['2.12.2-rc1', 0],
    ['2.11.9', 1],
    ['1.0.0', 2],
    ['a1b2c3d', null],
    ['<unknown>', null],
  ] as const)('%s is %s behind', (version, n) => {
    expect(versionsBehind(version, stable)).toBe(n);
  });
  it('is unknown without a release list', () => expect(versionsBehind('2.12.2', [])).toBeNull());
});
