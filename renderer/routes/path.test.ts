import { describe, expect, it } from 'vitest';
import { isAppPath, parseAppPath } from './path';

describe('isAppPath (segment boundary)', () => {
  it.each([
    ['/home', true],
    ['/home/', true],
    ['/home/x', true],
    ['/homework', false],
    ['/agents', true],
    ['/agents-gallery', false],
    ['/app', true],
    ['/apple', false],
    ['/admin/pings', true],
    ['/dashboard', true],
    ['/test-dashboard', true],
    ['/private-deployments/category/local', true],
    ['/', false],
    ['/pricing', false],
    ['/account', false],
  ])('%s → %s', (path, expected) => {
    expect(isAppPath(path)).toBe(expected);
  });
});

describe('parseAppPath', () => {
  it.each([
    ['/licenses', { base: 'licenses', sub: undefined, params: {} }],
    ['/deployments/type/trial-vm', { base: 'deployments', sub: undefined, params: { type: 'trial-vm' } }],
    ['/private-deployments/category/cloud/provider/aws', { base: 'private-deployments', sub: undefined, params: { category: 'cloud', provider: 'aws' } }],
    ['/admin/pings', { base: 'admin', sub: 'pings', params: {} }],
    ['/admin/licenses/page/2', { base: 'admin', sub: 'licenses', params: { page: '2' } }],
    ['/admin/balances/', { base: 'admin', sub: 'balances', params: {} }],
    ['/admin/other', { base: 'admin', sub: undefined, params: { other: '' } }],
    ['/licenses/type', { base: 'licenses', sub: undefined, params: { type: '' } }],
    ['/licenses/a%20b/c%2Fd', { base: 'licenses', sub: undefined, params: { 'a b': 'c/d' } }],
  ])('%s', (path, expected) => {
    expect(parseAppPath(path)).toEqual(expected);
  });

  it('returns undefined for marketing paths', () => {
    expect(parseAppPath('/pricing')).toBeUndefined();
    expect(parseAppPath('/')).toBeUndefined();
  });

  it('keeps a __proto__ key as an own property', () => {
    const parsed = parseAppPath('/licenses/__proto__/x');
    expect(Object.getPrototypeOf(parsed?.params)).toBe(Object.prototype);
    expect(Object.keys(parsed?.params ?? {})).toEqual(['__proto__']);
  });
});
