import { describe, expect, it } from 'vitest';
import { type Brand, defaultBrand } from '../brand';
import { createDeploymentBody, type CreateDeploymentInput, encodeCreateDeployment } from './deployments';

const other: Brand = { ...defaultBrand, id: 'acme', name: 'Acme' };

describe('the create request: one shape, encoded and decoded by the same module', () => {
  it.each<[string, Brand, CreateDeploymentInput]>([
    ['with a version', defaultBrand, { typeId: 'trial_vm_hetzner', name: 'smoke', timeoutMins: 60, version: '2.12.2' }],
    ['without one (the latest stable)', defaultBrand, { typeId: 'gpu_instance_civo', name: 'gpu', timeoutMins: null }],
    ["under another brand's version field", other, { typeId: 'trial_vm_hetzner', name: 'acme', timeoutMins: null, version: '1.0.0' }],
  ])('decodes what it encodes, %s', (_what, brand, input) => {
    expect(createDeploymentBody(brand).parse(encodeCreateDeployment(brand, input))).toEqual(input);
  });

  it("puts the version under the brand's field, as the platform's clients send it", () => {
    expect(encodeCreateDeployment(other, { typeId: 'trial_vm_hetzner', name: 'a', timeoutMins: null, version: '1.0.0' })).toEqual({
      configId: 'trial_vm_hetzner',
      name: 'a',
      timeoutMins: null,
      acmeVersion: '1.0.0',
    });
  });
});
