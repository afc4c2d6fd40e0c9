import { describe, expect, it } from 'vitest';
import type { Viewer } from './access';
import { currentPath, linkTo } from './links';
import { resolveRoute } from './resolve';
import { appRouteNames, marketingRouteNames } from './table';

const user: Viewer = { signedIn: true, isAdmin: false };
const admin: Viewer = { signedIn: true, isAdmin: true };

function at(href: string, viewer: Viewer = user, brandId?: string) {
  const url = new URL(href, 'http://launchpad.test');
  return resolveRoute({ pathname: url.pathname, search: url.search, hash: url.hash }, viewer, brandId);
}

describe('linkTo', () => {
  it.each([
    [linkTo('landing'), '/'],
    [linkTo('home'), '/home'],
    [linkTo('admin-deployments'), '/dashboard'],
    [linkTo('admin-pings'), '/admin/pings'],
    [linkTo('deployments', { type: 'trial-vm' }), '/deployments/type/trial-vm'],
    [linkTo('private-deployments', { category: 'cloud', provider: 'gcp' }), '/private-deployments/category/cloud/provider/gcp'],
    [linkTo('licenses', undefined, { hash: 'trial' }), '/licenses#trial'],
    [linkTo('test-dashboard', undefined, { query: { run: 'a b' } }), '/test-dashboard?run=a+b'],
    [linkTo('resources', undefined, { hash: 'roi-calculator' }), '/resources#roi-calculator'],
    [linkTo('deployments', { type: '' }), '/deployments'],
    [linkTo('licenses', { 'a b': 'c/d' }), '/licenses/a%20b/c%2Fd'],
  ])('%s = %s', (built, expected) => {
    expect(built).toBe(expected);
  });

  it.each([...marketingRouteNames, ...appRouteNames])('round trip %s', (name) => {
    expect(at(linkTo(name), admin).name).toBe(name);
  });

  it.each([
    ['deployments', { type: 'gpu-instance' }],
    ['private-deployments', { category: 'onprem', platform: 'rancher' }],
    ['licenses', { type: 'community' }],
    ['admin-licenses', { page: '3' }],
    ['licenses', { 'odd key': 'odd/value' }],
  ] as const)('round trip %s with params', (name, params) => {
    const r = at(linkTo(name, params), admin);
    expect(r.name).toBe(name);
    expect(r.params).toEqual(params);
  });

  it('round trips query and hash', () => {
    const r = at(linkTo('test-dashboard', undefined, { query: { run: 'x&y=z' }, hash: 'detail' }));
    expect(r).toMatchObject({ name: 'test-dashboard', query: { run: 'x&y=z' }, hash: 'detail', selection: { run: 'x&y=z' } });
  });

  it('builds the sign-in return path', () => {
    expect(currentPath({ pathname: '/licenses', search: '?type=trial', hash: '#trial' })).toBe('/licenses?type=trial#trial');
  });
});
