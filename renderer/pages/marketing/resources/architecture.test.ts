import { describe, expect, it } from 'vitest';
import { architectureLayers, defaultArchitecture, explain } from './architecture';

describe('architecture explorer', () => {
  it('offers the choices of public-site 2.8', () => {
    expect(Object.fromEntries(architectureLayers.map((l) => [l.key, l.options.map((o) => o.value)]))).toEqual({
      sourceControl: ['gitlab', 'github', 'azure'],
      authentication: ['ad', 'oidc'],
      deployment: ['argocd', 'flux', 'ci'],
      storage: ['pv', 's3', 'azure', 'gcs'],
    });
  });

  it('explains every layer of the choice, with the product name filled in', () => {
    const text = explain({ ...defaultArchitecture, authentication: 'ad', storage: 'gcs' }, 'Acme AI');
    expect(text.map((p) => `${p.layer}: ${p.option}`)).toEqual([
      'Source control: GitLab',
      'Authentication: Active Directory',
      'Deployment method: Argo CD',
      'Persistent storage: Google Cloud Storage',
    ]);
    expect(text[1]?.text).toContain('Acme AI signs users in');
    expect(text.every((p) => !p.text.includes('{product}'))).toBe(true);
  });

  it('falls back to the first option for an unknown value', () => {
    expect(explain({ ...defaultArchitecture, deployment: 'helmfile' }, 'X')[2]?.option).toBe('Argo CD');
  });
});
