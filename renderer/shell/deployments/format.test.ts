import { describe, expect, it } from 'vitest';
import { deploymentCatalog } from '../../../shared/deployments/catalog';
import { deploymentStatus } from '../../../shared/api/deployments';
import { defaultBrand } from '../../../shared/brand';
import { clusterUiUrl, deploymentUiUrl, formatDollars, isGpuDeployment, priceLine, statusTone } from './format';

describe('type card prices (spec, section 9)', () => {
  it.each([
    ['helix-cloud', '$75 per month per user'],
    ['trial-vm', '$0.10 per hour'],
    ['gpu-instance', 'From $5 per hour'],
  ])('%s: %s', (slug, line) => {
    const type = deploymentCatalog(defaultBrand).find((t) => t.slug === slug);
    expect(type && priceLine(type)).toBe(line);
  });

  it.each([
    [7500, '$75'],
    [10, '$0.10'],
    [500, '$5'],
    [125, '$1.25'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatDollars(cents)).toBe(text);
  });
});

describe('statusTone', () => {
  it.each([
    ['installing', 'installing'],
    ['running', 'running'],
    ['failed', 'failed'],
    ['pending', 'other'],
    ['updating', 'other'],
    // a status this build does not know (a newer server): kept as sent, in the neutral tone
    ['stopped', 'other'],
  ])('%s → %s', (status, tone) => {
    expect(statusTone(deploymentStatus.parse(status))).toBe(tone);
  });
});

describe('deployment UI address', () => {
  it('prefers the recorded ui_url', () => {
    expect(deploymentUiUrl({ ui_url: 'http://127.0.0.1:4000/', ipv4: '127.0.0.1' }, 'deploy.example.com')).toBe('http://127.0.0.1:4000/');
  });

  it('falls back to the dashed address under the cluster domain', () => {
    expect(deploymentUiUrl({ ui_url: null, ipv4: '203.0.113.7' }, 'deploy.example.com')).toBe('https://203-0-113-7.deploy.example.com/');
  });

  it('has no address without ui_url and cluster domain, or without an IPv4', () => {
    expect(deploymentUiUrl({ ui_url: null, ipv4: '203.0.113.7' })).toBeUndefined();
    expect(deploymentUiUrl({ ui_url: null, ipv4: null }, 'deploy.example.com')).toBeUndefined();
    expect(clusterUiUrl('not-an-ip', 'deploy.example.com')).toBeUndefined();
  });
});

it('tells GPU deployments by their type', () => {
  expect(isGpuDeployment({ deployment_config_id: 'gpu_instance_civo' })).toBe(true);
  expect(isGpuDeployment({ deployment_config_id: 'trial_vm_hetzner' })).toBe(false);
  // no guess by name: only the catalog's GPU types are GPU deployments
  expect(isGpuDeployment({ deployment_config_id: 'gpu_something_else' })).toBe(false);
});
