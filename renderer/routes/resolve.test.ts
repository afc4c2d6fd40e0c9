import { describe, expect, it } from 'vitest';
import { appRouteNames, marketingRouteNames, routeMeta, type RouteName } from './meta';
import {
  currentPath,
  deploymentTypes,
  documentTitle,
  isAppPath,
  linkTo,
  parseAppPath,
  resolveRoute,
  type RouteView,
  type Viewer,
} from './resolve';

const visitor: Viewer = { signedIn: false, isAdmin: false };
const user: Viewer = { signedIn: true, isAdmin: false };
const admin: Viewer = { signedIn: true, isAdmin: true };
/** A signed-out viewer never has admin rights, whatever a stale flag says. */
const staleAdmin: Viewer = { signedIn: false, isAdmin: true };

function at(href: string, viewer: Viewer = user, brandId?: string) {
  const url = new URL(href, 'http://launchpad.test');
  return resolveRoute({ pathname: url.pathname, search: url.search, hash: url.hash }, viewer, brandId);
}

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
    [
      '/private-deployments/category/cloud/provider/aws',
      { base: 'private-deployments', sub: undefined, params: { category: 'cloud', provider: 'aws' } },
    ],
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

describe('marketing routes', () => {
  it.each([
    ['/', 'landing', 'AI Agents on a Private GenAI Stack'],
    ['/pricing', 'pricing', 'Pricing'],
    ['/deployment', 'deployment', 'Deployment Options'],
    ['/docs', 'docs', 'Documentation'],
    ['/resources', 'resources', 'Resources'],
    ['/comparison', 'comparison', 'Comparison'],
    ['/service-providers', 'service-providers', 'Service Providers'],
    ['/code', 'code', 'Code'],
    ['/agents-gallery', 'agents-gallery', 'Agent Gallery'],
    ['/privacy-policy', 'privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'terms-of-service', 'Terms of Service'],
    ['/cookie-policy', 'cookie-policy', 'Cookie Policy'],
    ['/pricing/', 'pricing', 'Pricing'],
    ['/no-such-page', 'landing', 'AI Agents on a Private GenAI Stack'],
    ['/pricing/extra', 'landing', 'AI Agents on a Private GenAI Stack'],
    ['/homework', 'landing', 'AI Agents on a Private GenAI Stack'],
    ['/silent-check-sso', 'landing', 'AI Agents on a Private GenAI Stack'],
  ])('%s → %s (%s)', (path, name, title) => {
    for (const viewer of [visitor, user, admin]) {
      const r = at(path, viewer);
      expect(r).toMatchObject({ name, title, shell: 'marketing', view: 'page' });
    }
  });

  it('keeps anchors and query', () => {
    expect(at('/resources?x=1#roi-calculator')).toMatchObject({ name: 'resources', hash: 'roi-calculator', query: { x: '1' } });
    expect(at('/#industry-use-cases')).toMatchObject({ name: 'landing', hash: 'industry-use-cases' });
  });
});

type Row = [path: string, name: RouteName, visitor: RouteView, user: RouteView, admin: RouteView];

describe('app routes: shell and view per viewer', () => {
  const rows: Row[] = [
    ['/home', 'home', 'command-center', 'command-center', 'command-center'],
    ['/admin', 'admin', 'command-center', 'command-center', 'command-center'],
    ['/admin/unknown', 'home', 'command-center', 'command-center', 'command-center'],
    ['/home/anything/else', 'home', 'command-center', 'command-center', 'command-center'],
    ['/dashboard', 'admin-deployments', 'command-center', 'command-center', 'page'],
    ['/admin/pings', 'admin-pings', 'command-center', 'nothing', 'page'],
    ['/admin/licenses', 'admin-licenses', 'command-center', 'nothing', 'page'],
    ['/admin/balances', 'admin-balances', 'command-center', 'nothing', 'page'],
    ['/licenses', 'licenses', 'public', 'page', 'page'],
    ['/balance', 'balance', 'public', 'page', 'page'],
    ['/agents', 'agents', 'public', 'page', 'page'],
    ['/deployments', 'deployments', 'public', 'page', 'page'],
    ['/app', 'deployments', 'public', 'page', 'page'],
    ['/private-deployments', 'private-deployments', 'public', 'page', 'page'],
    ['/test-dashboard', 'test-dashboard', 'public', 'page', 'page'],
    ['/account', 'account', 'public', 'page', 'page'],
    ['/auth/callback', 'auth-callback', 'page', 'page', 'page'],
  ];
  it.each(rows)('%s → %s: visitor %s, user %s, admin %s', (path, name, v, u, a) => {
    expect(at(path, visitor)).toMatchObject({ name, shell: 'app', view: v });
    expect(at(path, user)).toMatchObject({ name, shell: 'app', view: u });
    expect(at(path, admin)).toMatchObject({ name, shell: 'app', view: a });
    expect(at(path, staleAdmin).view).toBe(v);
  });
});

describe('titles', () => {
  it.each([
    ['/home', 'Command Center'],
    ['/dashboard', 'Dashboard'],
    ['/admin/pings', 'Ping Dashboard'],
    ['/admin/licenses', 'License Admin'],
    ['/admin/balances', 'Manage User Balance'],
    ['/licenses', 'Licenses'],
    ['/balance', 'Balance & Billing'],
    ['/agents', 'Agent Gallery'],
    ['/deployments', 'Hosted Deployments'],
    ['/app', 'Hosted Deployments'],
    ['/private-deployments/category/local', 'Private Deployments'],
    ['/test-dashboard?run=abc', 'Test Dashboard'],
    ['/account', 'Account'],
    ['/auth/callback?code=x&state=y', 'Signing in'],
  ])('%s → %s', (path, title) => {
    expect(at(path).title).toBe(title);
  });

  it('appends the product name', () => {
    expect(documentTitle('Pricing', 'Helix')).toBe('Pricing | Helix');
    expect(documentTitle('Pricing', undefined)).toBe('Pricing');
  });

  it('every route has a non-empty title and a unique path', () => {
    const paths = Object.values(routeMeta).map((m) => m.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const m of Object.values(routeMeta)) expect(m.title.trim()).not.toBe('');
  });
});

describe('hosted deployment type preselection', () => {
  it.each([
    ['/deployments/type/helix-cloud', 'helix-cloud'],
    ['/deployments/type/trial-vm', 'trial-vm'],
    ['/deployments/type/gpu-instance', 'gpu-instance'],
    ['/app/type/gpu-instance', 'gpu-instance'],
    ['/deployments/type/bogus', undefined],
    ['/deployments/type', undefined],
    ['/deployments', undefined],
  ])('%s → %s', (path, type) => {
    const r = at(path);
    expect(r.name).toBe('deployments');
    expect(r.view).toBe('page');
    expect(r.selection.deploymentType).toBe(type);
  });

  it('uses the brand id for the hosted cloud type', () => {
    expect(deploymentTypes('acme')).toEqual(['acme-cloud', 'trial-vm', 'gpu-instance']);
    expect(at('/deployments/type/acme-cloud', user, 'acme').selection.deploymentType).toBe('acme-cloud');
    expect(at('/deployments/type/helix-cloud', user, 'acme').selection.deploymentType).toBeUndefined();
  });

  it('keeps the hash', () => {
    expect(at('/deployments#list')).toMatchObject({ name: 'deployments', hash: 'list' });
  });
});

describe('license type preselection', () => {
  it.each([
    ['/licenses#community', 'community'],
    ['/licenses#trial', 'trial'],
    ['/licenses#enterprise', 'enterprise'],
    ['/licenses?type=trial', 'trial'],
    ['/licenses/type/enterprise', 'enterprise'],
    ['/licenses#bogus', undefined],
    ['/licenses?type=bogus', undefined],
    ['/licenses', undefined],
    // the hash wins over the path, the path over the query
    ['/licenses/type/trial?type=community#enterprise', 'enterprise'],
    ['/licenses/type/trial?type=community', 'trial'],
  ])('%s → %s', (path, type) => {
    expect(at(path).selection.licenseType).toBe(type);
  });

  it('signed-out visitors get the public view with the same selection', () => {
    expect(at('/licenses#trial', visitor)).toMatchObject({ view: 'public', hash: 'trial', selection: { licenseType: 'trial' } });
  });
});

describe('private deployment selection', () => {
  it.each([
    ['/private-deployments', {}],
    ['/private-deployments/category/local', { category: 'local' }],
    ['/private-deployments/category/hybrid', { category: 'hybrid' }],
    ['/private-deployments/category/cloud/provider/aws', { category: 'cloud', provider: 'aws' }],
    ['/private-deployments/category/cloud/provider/oci', { category: 'cloud', provider: 'oci' }],
    ['/private-deployments/category/cloud/provider/ibm', { category: 'cloud' }],
    ['/private-deployments/category/onprem/platform/docker', { category: 'onprem', platform: 'docker' }],
    ['/private-deployments/category/onprem/platform/vmware', { category: 'onprem', platform: 'vmware' }],
    ['/private-deployments/category/onprem/platform/openshift', { category: 'onprem' }],
    // a provider belongs to cloud and a platform to on-premises only
    ['/private-deployments/category/local/provider/aws', { category: 'local' }],
    ['/private-deployments/category/cloud/platform/docker', { category: 'cloud' }],
    ['/private-deployments/category/moon', {}],
    ['/private-deployments/category/onprem/platform/gke', { category: 'onprem', platform: 'gke' }],
    ['/private-deployments#cloud-providers', { category: 'cloud' }],
    ['/private-deployments#cloud-aws', { category: 'cloud' }],
    ['/private-deployments#on-premises', { category: 'onprem' }],
    ['/private-deployments#onprem-docker', { category: 'onprem' }],
    ['/private-deployments#local-machine', { category: 'local' }],
    ['/private-deployments#local-setup', { category: 'local' }],
    ['/private-deployments#hybrid', { category: 'hybrid' }],
    ['/private-deployments#hybrid-secure', { category: 'hybrid' }],
    ['/private-deployments#cloud', { category: 'cloud' }],
    ['/private-deployments#cloudy', {}],
    ['/private-deployments#onprem', { category: 'onprem' }],
    ['/private-deployments#moon', {}],
    // the path wins over the hash
    ['/private-deployments/category/local#cloud-providers', { category: 'local' }],
    ['/docs#cloud-providers', { category: 'cloud' }],
    ['/docs#on-premises', { category: 'onprem' }],
    ['/docs#local-machine', { category: 'local' }],
    ['/docs#hybrid', { category: 'hybrid' }],
    ['/docs#pricing', {}],
    ['/docs', {}],
  ])('%s', (path, selection) => {
    expect(at(path).selection).toEqual(selection);
  });
});

describe('test dashboard run', () => {
  it('reads ?run=', () => {
    expect(at('/test-dashboard?run=run-42').selection).toEqual({ run: 'run-42' });
    expect(at('/test-dashboard?run=run-42', visitor)).toMatchObject({ view: 'public', query: { run: 'run-42' } });
    expect(at('/test-dashboard').selection).toEqual({});
  });
});

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
