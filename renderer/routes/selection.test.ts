import { describe, expect, it } from 'vitest';
import type { Viewer } from './access';
import { resolveRoute } from './resolve';
import { deploymentTypes } from './selection';

const visitor: Viewer = { signedIn: false, isAdmin: false };
const user: Viewer = { signedIn: true, isAdmin: false };

function at(href: string, viewer: Viewer = user, brandId?: string) {
  const url = new URL(href, 'http://launchpad.test');
  return resolveRoute({ pathname: url.pathname, search: url.search, hash: url.hash }, viewer, brandId);
}

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
    // no guide named: the default guide, Local (its own page without scripts, issue 44)
    ['/docs#pricing', { category: 'local' }],
    ['/docs', { category: 'local' }],
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
