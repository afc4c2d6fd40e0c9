import { describe, expect, it } from 'vitest';
import { defaultImageTag, pickerVersions } from './versions';

const versions = ['2.13.0-rc1', '2.12.2', '2.12.1-dev3', '2.12.1', 'v2.12.0', '2.11.0-beta.1', '2.10.0-alpha'];

describe('pickerVersions', () => {
  it('stable mode drops dev, alpha, beta and rc tags and strips a leading v', () => {
    expect(pickerVersions(versions, false)).toEqual(['2.12.2', '2.12.1', '2.12.0']);
  });
  it('with dev builds keeps every tag', () => {
    expect(pickerVersions(versions, true)).toEqual(['2.13.0-rc1', '2.12.2', '2.12.1-dev3', '2.12.1', '2.12.0', '2.11.0-beta.1', '2.10.0-alpha']);
  });
});

describe('defaultImageTag', () => {
  it.each([
    ['docs', versions, 'latest'],
    ['app', versions, '2.12.2'],
    ['app', ['3.0.0-rc1', '3.0.0-rc0'], '3.0.0-rc1'],
    ['app', [], 'latest'],
  ] as const)('%s %j → %s', (variant, list, tag) => {
    expect(defaultImageTag(variant, [...list])).toBe(tag);
  });
});
