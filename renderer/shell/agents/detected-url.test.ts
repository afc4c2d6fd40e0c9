import { describe, expect, it } from 'vitest';
import { type DetectedUrlContext, detectedDeployment, detectedUrlParam } from './detected-url';

const ctx: DetectedUrlContext = {
  defaultAppUrl: 'https://app.acme.test',
  recognisedHosts: ['cloud.acme.test'],
  existing: [
    { name: 'Lab', url: 'https://lab.example.com/' },
    { name: 'gpu.example.com', url: 'https://other.example.com' },
  ],
  managed: [
    { status: 'running', ipv4: '10.1.2.3', ui_url: 'https://10-1-2-3.deploy.test/' },
    { status: 'installing', ipv4: '10.4.4.4', ui_url: null },
  ],
};

describe('detected deployment URL', () => {
  it('reads the {brandId}_url parameter', () => {
    expect(detectedUrlParam('acme')).toBe('acme_url');
  });

  it.each([
    ['the default app URL', 'https://app.acme.test/'],
    ['localhost:8080', 'http://localhost:8080'],
    ['127.0.0.1:8080', 'http://127.0.0.1:8080/'],
    ['a recognised host', 'https://cloud.acme.test'],
    ['an existing url (trailing slash ignored)', 'https://lab.example.com'],
    ['an existing name (the hostname)', 'https://gpu.example.com'],
    ['a running managed deployment by ipv4', 'http://10.1.2.3:8080'],
    ['a running managed deployment by its address', 'https://10-1-2-3.deploy.test'],
    ['not a URL', 'lab box'],
    ['not http(s)', 'javascript:alert(1)'],
  ])('skips %s', (_what, url) => {
    expect(detectedDeployment(url, ctx)).toBeUndefined();
  });

  it.each([
    ['a new installation', 'https://agents.corp.example/', { name: 'agents.corp.example', description: '', url: 'https://agents.corp.example/' }],
    ['localhost on another port', 'http://localhost:3000', { name: 'localhost', description: '', url: 'http://localhost:3000' }],
    ['a managed deployment that is not running', 'http://10.4.4.4', { name: '10.4.4.4', description: '', url: 'http://10.4.4.4' }],
  ])('adds %s named after its hostname', (_what, url, expected) => {
    expect(detectedDeployment(url, ctx)).toEqual(expected);
  });

  it('still adds when the lookups failed (nothing known)', () => {
    expect(detectedDeployment('https://lab.example.com', { defaultAppUrl: undefined, recognisedHosts: [], existing: [], managed: [] })).toEqual({
      name: 'lab.example.com',
      description: '',
      url: 'https://lab.example.com',
    });
  });
});
